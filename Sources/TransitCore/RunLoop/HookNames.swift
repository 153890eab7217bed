// The names of every hook the engine calls on script objects, grouped by the UIKit protocol or
// overridable class they belong to.
//
// The engine asks for hooks only through these constants, and the Lua API description declares
// each protocol's and class's hooks from the same constants (a test checks both lists agree), so
// the engine, `docs/lua-api.md`, the LuaLS stubs and the typo check cannot disagree on a name.
// The names are UIKit's Swift names reduced to what a Lua script defines (docs/design.md §2.6).

public enum Hook {
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
        public static let presentationController = "presentationController"
        public static let all = [animationControllerForPresented, animationControllerForDismissed,
                                 interactionControllerForPresentation, interactionControllerForDismissal,
                                 presentationController]
    }

    /// UINavigationControllerDelegate: `navigationController.delegate` (push and pop).
    public enum NavigationDelegate {
        public static let protocolName = "UINavigationControllerDelegate"
        public static let animationControllerForOperation = "animationControllerForOperation"
        public static let interactionControllerFor = "interactionControllerFor"
        public static let all = [animationControllerForOperation, interactionControllerFor]
    }

    /// UIAdaptivePresentationControllerDelegate: `presentationController.delegate`.
    public enum AdaptivePresentationDelegate {
        public static let protocolName = "UIAdaptivePresentationControllerDelegate"
        public static let adaptivePresentationStyle = "adaptivePresentationStyle"
        public static let all = [adaptivePresentationStyle]
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
        public static let all = [loadView, viewDidLoad, viewWillLayoutSubviews, viewDidLayoutSubviews, viewWillAppear,
                                 viewDidAppear, viewWillDisappear, viewDidDisappear, viewWillTransitionToSize]
    }

    /// UIView's overridable layout method.
    public enum View {
        public static let className = "UIView"
        public static let layoutSubviews = "layoutSubviews"
        public static let all = [layoutSubviews]
    }

    /// Protocol name → the hooks the engine calls, for checks over every protocol.
    public static let protocols: [(name: String, hooks: [String])] = [
        (AnimatedTransitioning.protocolName, AnimatedTransitioning.all),
        (InteractiveTransitioning.protocolName, InteractiveTransitioning.all),
        (TransitioningDelegate.protocolName, TransitioningDelegate.all),
        (NavigationDelegate.protocolName, NavigationDelegate.all),
        (AdaptivePresentationDelegate.protocolName, AdaptivePresentationDelegate.all),
        (AnimationDelegate.protocolName, AnimationDelegate.all),
    ]

    /// Bound class name → the hooks the engine calls on its instances.
    public static let classes: [(name: String, hooks: [String])] = [
        (PresentationController.className, PresentationController.all),
        (ViewController.className, ViewController.all),
        (View.className, View.all),
    ]
}
