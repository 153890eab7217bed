// The names of every hook the engine calls on script objects, grouped by the UIKit protocol or
// overridable class they belong to: one enum per protocol or class, whose cases are its hooks.
//
// The engine's calls take these cases, never a string (World.callScript and the others take
// `some HookName`), so a misspelt hook does not compile; the lists of a protocol's hooks are
// the enums' `allCases`, never kept by hand. The Lua API description declares each hook with
// its parameters from the same cases (a test checks both lists agree), and debug builds check
// each call the engine makes against those parameters (TransitLua's HookCallCheck.swift), so
// the engine, `docs/lua-api.md`, the LuaLS stubs and the typo check cannot disagree on a name
// or an arity. The names are UIKit's Swift names reduced to what a Lua script defines
// (docs/porting.md, "Hook names").

/// The hooks of one protocol or overridable class. The raw value is the name a script defines;
/// `description` is it too, so a hook interpolated into a message reads as the script wrote it.
public protocol HookName: RawRepresentable, CaseIterable, Sendable, CustomStringConvertible where RawValue == String {}

extension HookName {
    public var description: String { rawValue }

    /// Every hook of the group, in declaration order.
    public static var all: [String] { allCases.map(\.rawValue) }
}

public enum Hook {
    /// Properties UIKit reads from an object that a script may override with a getter method
    /// (VCTransitionsLibrary's `completionSpeed` returning `1 - percentComplete`). The API
    /// description declares each one overridable on its class (a test checks the two agree);
    /// the engine reads them through `Scripting.property`, which calls a Lua subclass's getter
    /// and checks its result against the property's declared type.
    public enum OverridableProperty: String, HookName {
        case preferredContentSize
        case definesPresentationContext
        case isModalInPresentation
        case modalPresentationCapturesStatusBarAppearance
        case wantsInteractiveStart
        case completionSpeed
        case completionCurve
        case transitioningDelegate
        case modalPresentationStyle
        case modalTransitionStyle
        case preferredStatusBarStyle
        case prefersStatusBarHidden
        case childForStatusBarStyle
        case childForStatusBarHidden
    }

    /// CAAnimationDelegate: `animation.delegate`.
    public enum AnimationDelegate: String, HookName {
        public static let protocolName = "CAAnimationDelegate"
        case animationDidStart
        case animationDidStop
    }

    /// UIViewControllerAnimatedTransitioning: the animator.
    public enum AnimatedTransitioning: String, HookName {
        public static let protocolName = "UIViewControllerAnimatedTransitioning"
        case transitionDuration
        case animateTransition
        case animationEnded
        case interruptibleAnimator
    }

    /// UIViewControllerInteractiveTransitioning: the interaction controller.
    public enum InteractiveTransitioning: String, HookName {
        public static let protocolName = "UIViewControllerInteractiveTransitioning"
        case startInteractiveTransition
    }

    /// UIViewControllerTransitioningDelegate: `viewController.transitioningDelegate`.
    public enum TransitioningDelegate: String, HookName {
        public static let protocolName = "UIViewControllerTransitioningDelegate"
        case animationControllerForPresented
        case animationControllerForDismissed
        case interactionControllerForPresentation
        case interactionControllerForDismissal
        /// Swift `presentationController(forPresented:presenting:source:)`, by the naming rule
        /// (docs/porting.md, "Hook names").
        case presentationControllerForPresented
        /// The name before the naming rule: still called when an object defines only it.
        public static let presentationController = "presentationController"
    }

    /// UINavigationControllerDelegate: `navigationController.delegate` (push and pop).
    public enum NavigationDelegate: String, HookName {
        public static let protocolName = "UINavigationControllerDelegate"
        case animationControllerForOperation
        case interactionControllerFor
        /// navigationController(_:willShow:animated:) and (_:didShow:animated:).
        case willShow
        case didShow
    }

    /// UITabBarControllerDelegate: `tabBarController.delegate` (tab switches). The interaction
    /// hook has the navigation delegate's name, as in UIKit (`tabBarController(_:interactionControllerFor:)`).
    public enum TabBarControllerDelegate: String, HookName {
        public static let protocolName = "UITabBarControllerDelegate"
        case animationControllerForTransitionFrom
        case interactionControllerFor
        case shouldSelect
    }

    /// UIAdaptivePresentationControllerDelegate: `presentationController.delegate`.
    public enum AdaptivePresentationDelegate: String, HookName {
        public static let protocolName = "UIAdaptivePresentationControllerDelegate"
        case adaptivePresentationStyle
        case viewControllerForAdaptivePresentationStyle
        /// iOS 13: a dismissal by the user (the sheet's pull), never a programmatic one.
        case presentationControllerShouldDismiss
        case presentationControllerWillDismiss
        case presentationControllerDidDismiss
        case presentationControllerDidAttemptToDismiss
    }

    /// UISheetPresentationControllerDelegate (iOS 15): a sheet's delegate, which is also its
    /// adaptive presentation delegate.
    public enum SheetPresentationDelegate: String, HookName {
        public static let protocolName = "UISheetPresentationControllerDelegate"
        /// The user's drag moved the sheet to another detent (not called for the app's changes).
        case didChangeSelectedDetentIdentifier = "sheetPresentationControllerDidChangeSelectedDetentIdentifier"

        /// The protocol inherits UIAdaptivePresentationControllerDelegate's hooks, as UIKit's does.
        public static var all: [String] { AdaptivePresentationDelegate.all + allCases.map(\.rawValue) }
    }

    /// UIPopoverPresentationControllerDelegate (a UIAdaptivePresentationControllerDelegate):
    /// the popover's delegate (PopoverPresentationController.swift).
    public enum PopoverPresentationDelegate: String, HookName {
        public static let protocolName = "UIPopoverPresentationControllerDelegate"
        case prepareForPopoverPresentation
        /// Deprecated in iOS 13 for presentationControllerShouldDismiss, still asked after it.
        case popoverPresentationControllerShouldDismissPopover
        case popoverPresentationControllerDidDismissPopover
    }

    /// UIGestureRecognizerDelegate: `recognizer.delegate` (Recognition.swift).
    public enum GestureRecognizerDelegate: String, HookName {
        public static let protocolName = "UIGestureRecognizerDelegate"
        case gestureRecognizerShouldBegin
        case shouldRecognizeSimultaneouslyWith
        case shouldRequireFailureOf
        case shouldBeRequiredToFailBy
    }

    /// UIScrollViewDelegate: `scrollView.delegate` (ScrollView.swift).
    public enum ScrollViewDelegate: String, HookName {
        public static let protocolName = "UIScrollViewDelegate"
        case scrollViewDidScroll
        case viewForZooming
        case scrollViewDidZoom
    }

    /// UICollectionViewDataSource: `collectionView.dataSource` (CollectionView.swift). The
    /// names drop the leading `collectionView(_:` as the other delegates' do.
    public enum CollectionViewDataSource: String, HookName {
        public static let protocolName = "UICollectionViewDataSource"
        case numberOfSections
        case numberOfItemsInSection
        case cellForItemAt
    }

    /// UICollectionViewDelegate: `collectionView.delegate`.
    public enum CollectionViewDelegate: String, HookName {
        public static let protocolName = "UICollectionViewDelegate"
        case didSelectItemAt
        case didDeselectItemAt
    }

    /// UICollectionViewDelegateFlowLayout: `collectionView(_:layout:sizeForItemAt:)`.
    public enum CollectionViewDelegateFlowLayout: String, HookName {
        public static let protocolName = "UICollectionViewDelegateFlowLayout"
        case sizeForItemAt
    }

    /// UITableViewDataSource: `tableView.dataSource` (TableView.swift).
    public enum TableViewDataSource: String, HookName {
        public static let protocolName = "UITableViewDataSource"
        case numberOfSections
        case numberOfRowsInSection
        case cellForRowAt
    }

    /// UITableViewDelegate: `tableView.delegate`.
    public enum TableViewDelegate: String, HookName {
        public static let protocolName = "UITableViewDelegate"
        case heightForRowAt
        case didSelectRowAt
        case didDeselectRowAt
    }

    /// UICollectionViewCell's and UITableViewCell's overridable method.
    public enum ListCell: String, HookName {
        case prepareForReuse
    }

    /// UIPresentationController's overridable members (methods and computed properties; in Lua
    /// both are methods).
    public enum PresentationController: String, HookName {
        public static let className = "UIPresentationController"
        case presentedView
        case frameOfPresentedViewInContainerView
        case shouldRemovePresentersView
        case shouldPresentInFullscreen
        case presentationTransitionWillBegin
        case presentationTransitionDidEnd
        case dismissalTransitionWillBegin
        case dismissalTransitionDidEnd
        case containerViewWillLayoutSubviews
        case containerViewDidLayoutSubviews
        case sizeForChildContentContainer
        case preferredContentSizeDidChange
        case viewWillTransitionToSize
        case adaptivePresentationStyle
    }

    /// UIViewController's overridable lifecycle methods.
    public enum ViewController: String, HookName {
        public static let className = "UIViewController"
        case loadView
        case viewDidLoad
        case viewWillLayoutSubviews
        case viewDidLayoutSubviews
        case viewWillAppear
        case viewDidAppear
        case viewWillDisappear
        case viewDidDisappear
        case viewWillTransitionToSize
        case viewSafeAreaInsetsDidChange
        case willMoveToParent
        case didMoveToParent
    }

    /// NSObject's: `deinit`, run by the script layer when an instance of a Lua subclass goes
    /// away (docs/semantics.md, "Gestures and scroll views").
    public enum Object: String, HookName {
        public static let className = "NSObject"
        case deinitialize = "deinit"
    }

    /// UIView's overridable layout method.
    public enum View: String, HookName {
        public static let className = "UIView"
        case layoutSubviews
        case safeAreaInsetsDidChange
        case updateConstraints
        case intrinsicContentSize
        /// layoutSublayers(of:), for the view's own layer.
        case layoutSublayers
        /// The class's `layerClass`: the class of the backing layer its instances get.
        case layerClass
    }

    /// UIDynamicAnimatorDelegate: `animator.delegate` (TransitDynamics).
    public enum DynamicAnimatorDelegate: String, HookName {
        public static let protocolName = "UIDynamicAnimatorDelegate"
        case dynamicAnimatorDidPause
        case dynamicAnimatorWillResume
    }

    /// UICollisionBehaviorDelegate: `collision.collisionDelegate` (TransitDynamics). The names
    /// are the Objective-C selectors' (`collisionBehavior:beganContactForItem:withItem:atPoint:`),
    /// since Swift gives both the same base name.
    public enum CollisionBehaviorDelegate: String, HookName {
        public static let protocolName = "UICollisionBehaviorDelegate"
        case beganContactForItemWithBoundaryIdentifier
        case beganContactForItemWithItem
    }

    /// Hooks renamed to follow the naming rule (docs/porting.md, "Hook names"): the rule's name → the
    /// old one. The engine calls the rule's name, or the old one when an object defines only it
    /// (World.callIfImplemented), with a deprecation warning once per run.
    public static let formerNames: [String: String] = [
        TransitioningDelegate.presentationControllerForPresented.rawValue: TransitioningDelegate.presentationController,
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
