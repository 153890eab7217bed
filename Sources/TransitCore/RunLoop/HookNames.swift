// The names of every hook the engine calls on script objects, grouped by the UIKit protocol or
// overridable class they belong to.
//
// The engine asks for hooks only through these constants, and the Lua API description declares
// each protocol's and class's hooks from the same constants (a test checks both lists agree), so
// the engine, `docs/lua-api.md`, the LuaLS stubs and the typo check cannot disagree on a name.
// The names are UIKit's Swift names reduced to what a Lua script defines (docs/design.md §2).

public enum Hook {
    /// Properties UIKit reads from an object that a script may override with a getter method
    /// (VCTransitionsLibrary's `completionSpeed` returning `1 - percentComplete`). The API
    /// description declares each one overridable on its class (a test checks the two agree);
    /// the engine reads them through `Scripting.property`, which calls a Lua subclass's getter
    /// and checks its result against the property's declared type.
    public enum OverridableProperty {
        public static let preferredContentSize = "preferredContentSize"
        public static let definesPresentationContext = "definesPresentationContext"
        public static let isModalInPresentation = "isModalInPresentation"
        public static let modalPresentationCapturesStatusBarAppearance = "modalPresentationCapturesStatusBarAppearance"
        public static let wantsInteractiveStart = "wantsInteractiveStart"
        public static let completionSpeed = "completionSpeed"
        public static let completionCurve = "completionCurve"
        public static let transitioningDelegate = "transitioningDelegate"
        public static let modalPresentationStyle = "modalPresentationStyle"
        public static let modalTransitionStyle = "modalTransitionStyle"
        public static let preferredStatusBarStyle = "preferredStatusBarStyle"
        public static let prefersStatusBarHidden = "prefersStatusBarHidden"
        public static let childForStatusBarStyle = "childForStatusBarStyle"
        public static let childForStatusBarHidden = "childForStatusBarHidden"
        public static let all = [preferredContentSize, definesPresentationContext, isModalInPresentation, modalPresentationCapturesStatusBarAppearance,
                                 wantsInteractiveStart, completionSpeed, completionCurve, transitioningDelegate,
                                 modalPresentationStyle, modalTransitionStyle, preferredStatusBarStyle, prefersStatusBarHidden,
                                 childForStatusBarStyle, childForStatusBarHidden]
    }

    /// CAAnimationDelegate: `animation.delegate`.
    public enum AnimationDelegate {
        public static let protocolName = "CAAnimationDelegate"
        public static let animationDidStart = "animationDidStart"
        public static let animationDidStop = "animationDidStop"
        public static let all = [animationDidStart, animationDidStop]
    }

    /// UIViewControllerAnimatedTransitioning: the animator.
    public enum AnimatedTransitioning {
        public static let protocolName = "UIViewControllerAnimatedTransitioning"
        public static let transitionDuration = "transitionDuration"
        public static let animateTransition = "animateTransition"
        public static let animationEnded = "animationEnded"
        public static let interruptibleAnimator = "interruptibleAnimator"
        public static let all = [transitionDuration, animateTransition, animationEnded, interruptibleAnimator]
    }

    /// UIViewControllerInteractiveTransitioning: the interaction controller.
    public enum InteractiveTransitioning {
        public static let protocolName = "UIViewControllerInteractiveTransitioning"
        public static let startInteractiveTransition = "startInteractiveTransition"
        public static let all = [startInteractiveTransition]
    }

    /// UIViewControllerTransitioningDelegate: `viewController.transitioningDelegate`.
    public enum TransitioningDelegate {
        public static let protocolName = "UIViewControllerTransitioningDelegate"
        public static let animationControllerForPresented = "animationControllerForPresented"
        public static let animationControllerForDismissed = "animationControllerForDismissed"
        public static let interactionControllerForPresentation = "interactionControllerForPresentation"
        public static let interactionControllerForDismissal = "interactionControllerForDismissal"
        /// Swift `presentationController(forPresented:presenting:source:)`, by the naming rule
        /// (docs/porting.md, "Hook names").
        public static let presentationControllerForPresented = "presentationControllerForPresented"
        /// The name before the naming rule: still called when an object defines only it.
        public static let presentationController = "presentationController"
        public static let all = [animationControllerForPresented, animationControllerForDismissed,
                                 interactionControllerForPresentation, interactionControllerForDismissal,
                                 presentationControllerForPresented]
    }

    /// UINavigationControllerDelegate: `navigationController.delegate` (push and pop).
    public enum NavigationDelegate {
        public static let protocolName = "UINavigationControllerDelegate"
        public static let animationControllerForOperation = "animationControllerForOperation"
        public static let interactionControllerFor = "interactionControllerFor"
        /// navigationController(_:willShow:animated:) and (_:didShow:animated:).
        public static let willShow = "willShow"
        public static let didShow = "didShow"
        public static let all = [animationControllerForOperation, interactionControllerFor, willShow, didShow]
    }

    /// UITabBarControllerDelegate: `tabBarController.delegate` (tab switches). The interaction
    /// hook has the navigation delegate's name, as in UIKit (`tabBarController(_:interactionControllerFor:)`).
    public enum TabBarControllerDelegate {
        public static let protocolName = "UITabBarControllerDelegate"
        public static let animationControllerForTransitionFrom = "animationControllerForTransitionFrom"
        public static let interactionControllerFor = "interactionControllerFor"
        public static let shouldSelect = "shouldSelect"
        public static let all = [animationControllerForTransitionFrom, interactionControllerFor, shouldSelect]
    }

    /// UIAdaptivePresentationControllerDelegate: `presentationController.delegate`.
    public enum AdaptivePresentationDelegate {
        public static let protocolName = "UIAdaptivePresentationControllerDelegate"
        public static let adaptivePresentationStyle = "adaptivePresentationStyle"
        public static let viewControllerForAdaptivePresentationStyle = "viewControllerForAdaptivePresentationStyle"
        /// iOS 13: a dismissal by the user (the sheet's pull), never a programmatic one.
        public static let presentationControllerShouldDismiss = "presentationControllerShouldDismiss"
        public static let presentationControllerWillDismiss = "presentationControllerWillDismiss"
        public static let presentationControllerDidDismiss = "presentationControllerDidDismiss"
        public static let presentationControllerDidAttemptToDismiss = "presentationControllerDidAttemptToDismiss"
        public static let all = [adaptivePresentationStyle, viewControllerForAdaptivePresentationStyle,
                                 presentationControllerShouldDismiss, presentationControllerWillDismiss,
                                 presentationControllerDidDismiss, presentationControllerDidAttemptToDismiss]
    }

    /// UISheetPresentationControllerDelegate (iOS 15): a sheet's delegate, which is also its
    /// adaptive presentation delegate.
    public enum SheetPresentationDelegate {
        public static let protocolName = "UISheetPresentationControllerDelegate"
        /// The user's drag moved the sheet to another detent (not called for the app's changes).
        public static let didChangeSelectedDetentIdentifier = "sheetPresentationControllerDidChangeSelectedDetentIdentifier"
        public static let all = AdaptivePresentationDelegate.all + [didChangeSelectedDetentIdentifier]
    }

    /// UIPopoverPresentationControllerDelegate (a UIAdaptivePresentationControllerDelegate):
    /// the popover's delegate (PopoverPresentationController.swift).
    public enum PopoverPresentationDelegate {
        public static let protocolName = "UIPopoverPresentationControllerDelegate"
        public static let prepareForPopoverPresentation = "prepareForPopoverPresentation"
        /// Deprecated in iOS 13 for presentationControllerShouldDismiss, still asked after it.
        public static let popoverPresentationControllerShouldDismissPopover = "popoverPresentationControllerShouldDismissPopover"
        public static let popoverPresentationControllerDidDismissPopover = "popoverPresentationControllerDidDismissPopover"
        public static let all = [prepareForPopoverPresentation, popoverPresentationControllerShouldDismissPopover,
                                 popoverPresentationControllerDidDismissPopover]
    }

    /// UIGestureRecognizerDelegate: `recognizer.delegate` (Recognition.swift).
    public enum GestureRecognizerDelegate {
        public static let protocolName = "UIGestureRecognizerDelegate"
        public static let gestureRecognizerShouldBegin = "gestureRecognizerShouldBegin"
        public static let shouldRecognizeSimultaneouslyWith = "shouldRecognizeSimultaneouslyWith"
        public static let shouldRequireFailureOf = "shouldRequireFailureOf"
        public static let shouldBeRequiredToFailBy = "shouldBeRequiredToFailBy"
        public static let all = [gestureRecognizerShouldBegin, shouldRecognizeSimultaneouslyWith,
                                 shouldRequireFailureOf, shouldBeRequiredToFailBy]
    }

    /// UIScrollViewDelegate: `scrollView.delegate` (ScrollView.swift).
    public enum ScrollViewDelegate {
        public static let protocolName = "UIScrollViewDelegate"
        public static let scrollViewDidScroll = "scrollViewDidScroll"
        public static let viewForZooming = "viewForZooming"
        public static let scrollViewDidZoom = "scrollViewDidZoom"
        public static let all = [scrollViewDidScroll, viewForZooming, scrollViewDidZoom]
    }

    /// UICollectionViewDataSource: `collectionView.dataSource` (CollectionView.swift). The
    /// names drop the leading `collectionView(_:` as the other delegates' do.
    public enum CollectionViewDataSource {
        public static let protocolName = "UICollectionViewDataSource"
        public static let numberOfSections = "numberOfSections"
        public static let numberOfItemsInSection = "numberOfItemsInSection"
        public static let cellForItemAt = "cellForItemAt"
        public static let all = [numberOfSections, numberOfItemsInSection, cellForItemAt]
    }

    /// UICollectionViewDelegate: `collectionView.delegate`.
    public enum CollectionViewDelegate {
        public static let protocolName = "UICollectionViewDelegate"
        public static let didSelectItemAt = "didSelectItemAt"
        public static let didDeselectItemAt = "didDeselectItemAt"
        public static let all = [didSelectItemAt, didDeselectItemAt]
    }

    /// UICollectionViewDelegateFlowLayout: `collectionView(_:layout:sizeForItemAt:)`.
    public enum CollectionViewDelegateFlowLayout {
        public static let protocolName = "UICollectionViewDelegateFlowLayout"
        public static let sizeForItemAt = "sizeForItemAt"
        public static let all = [sizeForItemAt]
    }

    /// UITableViewDataSource: `tableView.dataSource` (TableView.swift).
    public enum TableViewDataSource {
        public static let protocolName = "UITableViewDataSource"
        public static let numberOfSections = "numberOfSections"
        public static let numberOfRowsInSection = "numberOfRowsInSection"
        public static let cellForRowAt = "cellForRowAt"
        public static let all = [numberOfSections, numberOfRowsInSection, cellForRowAt]
    }

    /// UITableViewDelegate: `tableView.delegate`.
    public enum TableViewDelegate {
        public static let protocolName = "UITableViewDelegate"
        public static let heightForRowAt = "heightForRowAt"
        public static let didSelectRowAt = "didSelectRowAt"
        public static let didDeselectRowAt = "didDeselectRowAt"
        public static let all = [heightForRowAt, didSelectRowAt, didDeselectRowAt]
    }

    /// UICollectionViewCell's and UITableViewCell's overridable method.
    public enum ListCell {
        public static let prepareForReuse = "prepareForReuse"
        public static let all = [prepareForReuse]
    }

    /// UIPresentationController's overridable members (methods and computed properties; in Lua
    /// both are methods).
    public enum PresentationController {
        public static let className = "UIPresentationController"
        public static let presentedView = "presentedView"
        public static let frameOfPresentedViewInContainerView = "frameOfPresentedViewInContainerView"
        public static let shouldRemovePresentersView = "shouldRemovePresentersView"
        public static let shouldPresentInFullscreen = "shouldPresentInFullscreen"
        public static let presentationTransitionWillBegin = "presentationTransitionWillBegin"
        public static let presentationTransitionDidEnd = "presentationTransitionDidEnd"
        public static let dismissalTransitionWillBegin = "dismissalTransitionWillBegin"
        public static let dismissalTransitionDidEnd = "dismissalTransitionDidEnd"
        public static let containerViewWillLayoutSubviews = "containerViewWillLayoutSubviews"
        public static let containerViewDidLayoutSubviews = "containerViewDidLayoutSubviews"
        public static let sizeForChildContentContainer = "sizeForChildContentContainer"
        public static let preferredContentSizeDidChange = "preferredContentSizeDidChange"
        public static let viewWillTransitionToSize = "viewWillTransitionToSize"
        public static let adaptivePresentationStyle = "adaptivePresentationStyle"
        public static let all = [presentedView, frameOfPresentedViewInContainerView, shouldRemovePresentersView,
                                 shouldPresentInFullscreen, presentationTransitionWillBegin, presentationTransitionDidEnd,
                                 dismissalTransitionWillBegin, dismissalTransitionDidEnd, containerViewWillLayoutSubviews,
                                 containerViewDidLayoutSubviews, sizeForChildContentContainer, preferredContentSizeDidChange,
                                 viewWillTransitionToSize, adaptivePresentationStyle]
    }

    /// UIViewController's overridable lifecycle methods.
    public enum ViewController {
        public static let className = "UIViewController"
        public static let loadView = "loadView"
        public static let viewDidLoad = "viewDidLoad"
        public static let viewWillLayoutSubviews = "viewWillLayoutSubviews"
        public static let viewDidLayoutSubviews = "viewDidLayoutSubviews"
        public static let viewWillAppear = "viewWillAppear"
        public static let viewDidAppear = "viewDidAppear"
        public static let viewWillDisappear = "viewWillDisappear"
        public static let viewDidDisappear = "viewDidDisappear"
        public static let viewWillTransitionToSize = "viewWillTransitionToSize"
        public static let viewSafeAreaInsetsDidChange = "viewSafeAreaInsetsDidChange"
        public static let willMoveToParent = "willMoveToParent"
        public static let didMoveToParent = "didMoveToParent"
        public static let all = [loadView, viewDidLoad, viewWillLayoutSubviews, viewDidLayoutSubviews, viewWillAppear,
                                 viewDidAppear, viewWillDisappear, viewDidDisappear, viewWillTransitionToSize,
                                 viewSafeAreaInsetsDidChange, willMoveToParent, didMoveToParent]
    }

    /// NSObject's: `deinit`, run by the script layer when an instance of a Lua subclass goes
    /// away (docs/semantics.md, "Gestures and scroll views").
    public enum Object {
        public static let className = "NSObject"
        public static let deinitialize = "deinit"
        public static let all = [deinitialize]
    }

    /// UIView's overridable layout method.
    public enum View {
        public static let className = "UIView"
        public static let layoutSubviews = "layoutSubviews"
        public static let safeAreaInsetsDidChange = "safeAreaInsetsDidChange"
        public static let updateConstraints = "updateConstraints"
        public static let intrinsicContentSize = "intrinsicContentSize"
        /// layoutSublayers(of:), for the view's own layer.
        public static let layoutSublayers = "layoutSublayers"
        /// The class's `layerClass`: the class of the backing layer its instances get.
        public static let layerClass = "layerClass"
        public static let all = [layoutSubviews, safeAreaInsetsDidChange, updateConstraints, intrinsicContentSize, layoutSublayers, layerClass]
    }

    /// UIDynamicAnimatorDelegate: `animator.delegate` (TransitDynamics).
    public enum DynamicAnimatorDelegate {
        public static let protocolName = "UIDynamicAnimatorDelegate"
        public static let dynamicAnimatorDidPause = "dynamicAnimatorDidPause"
        public static let dynamicAnimatorWillResume = "dynamicAnimatorWillResume"
        public static let all = [dynamicAnimatorDidPause, dynamicAnimatorWillResume]
    }

    /// UICollisionBehaviorDelegate: `collision.collisionDelegate` (TransitDynamics). The names
    /// are the Objective-C selectors' (`collisionBehavior:beganContactForItem:withItem:atPoint:`),
    /// since Swift gives both the same base name.
    public enum CollisionBehaviorDelegate {
        public static let protocolName = "UICollisionBehaviorDelegate"
        public static let beganContactForItemWithBoundaryIdentifier = "beganContactForItemWithBoundaryIdentifier"
        public static let beganContactForItemWithItem = "beganContactForItemWithItem"
        public static let all = [beganContactForItemWithBoundaryIdentifier, beganContactForItemWithItem]
    }

    /// Hooks renamed to follow the naming rule (docs/porting.md, "Hook names"): the rule's name → the
    /// old one. The engine calls the rule's name, or the old one when an object defines only it
    /// (World.callIfImplemented), with a deprecation warning once per run.
    public static let formerNames: [String: String] = [
        TransitioningDelegate.presentationControllerForPresented: TransitioningDelegate.presentationController,
    ]

    /// Protocol name → the hooks the engine calls, for checks over every protocol.
    public static let protocols: [(name: String, hooks: [String])] = [
        (AnimatedTransitioning.protocolName, AnimatedTransitioning.all),
        (InteractiveTransitioning.protocolName, InteractiveTransitioning.all),
        (TransitioningDelegate.protocolName, TransitioningDelegate.all),
        (NavigationDelegate.protocolName, NavigationDelegate.all),
        (TabBarControllerDelegate.protocolName, TabBarControllerDelegate.all),
        (AdaptivePresentationDelegate.protocolName, AdaptivePresentationDelegate.all),
        (SheetPresentationDelegate.protocolName, SheetPresentationDelegate.all),
        (AnimationDelegate.protocolName, AnimationDelegate.all),
        (PopoverPresentationDelegate.protocolName, PopoverPresentationDelegate.all),
        (GestureRecognizerDelegate.protocolName, GestureRecognizerDelegate.all),
        (ScrollViewDelegate.protocolName, ScrollViewDelegate.all),
        (DynamicAnimatorDelegate.protocolName, DynamicAnimatorDelegate.all),
        (CollisionBehaviorDelegate.protocolName, CollisionBehaviorDelegate.all),
        (CollectionViewDataSource.protocolName, CollectionViewDataSource.all),
        (CollectionViewDelegate.protocolName, CollectionViewDelegate.all),
        (CollectionViewDelegateFlowLayout.protocolName, CollectionViewDelegateFlowLayout.all),
        (TableViewDataSource.protocolName, TableViewDataSource.all),
        (TableViewDelegate.protocolName, TableViewDelegate.all),
    ]

    /// Bound class name → the hooks the engine calls on its instances.
    public static let classes: [(name: String, hooks: [String])] = [
        (PresentationController.className, PresentationController.all),
        (ViewController.className, ViewController.all),
        (View.className, View.all),
        (Object.className, Object.all),
        ("UICollectionViewCell", ListCell.all),
        ("UITableViewCell", ListCell.all),
    ]
}
