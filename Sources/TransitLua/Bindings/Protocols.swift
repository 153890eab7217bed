import TransitCore

// The protocols scripts implement: what the engine asks an animator, an interaction controller
// and the delegates for. Names come from TransitCore's `Hook` (the engine calls exactly these);
// parameters are what the engine passes, in order; `swift:` is UIKit's declaration so a reader
// porting Swift code finds the member. Generates the LuaLS classes (`---@class Fade :
// UIViewControllerAnimatedTransitioning`), the Protocols section of docs/lua-api.md, and the
// hook names the typo check compares against (HookNameCheck.swift).

extension TransitAPI {
    static func protocols() -> [APIProtocol] {
        let context = APIType.object("UIViewControllerContextTransitioning")
        let animator = APIType.protocol(Hook.AnimatedTransitioning.protocolName)
        let interaction = APIType.protocol(Hook.InteractiveTransitioning.protocolName)
        let controller = APIType.object("UIViewController")
        typealias Animated = Hook.AnimatedTransitioning
        typealias Interactive = Hook.InteractiveTransitioning
        typealias Delegate = Hook.TransitioningDelegate
        typealias Navigation = Hook.NavigationDelegate
        typealias Adaptive = Hook.AdaptivePresentationDelegate
        // UIAdaptivePresentationControllerDelegate's hooks, which UISheetPresentationControllerDelegate inherits.
        let adaptiveHooks: [APIFunction] = [
            hook(Adaptive.adaptivePresentationStyle,
                 [parameter("controller", .object("UIPresentationController")), parameter("traitCollection", .object("UITraitCollection"))],
                 returns: .optional(.string), swift: "optional func adaptivePresentationStyle(for controller: UIPresentationController, traitCollection: UITraitCollection) -> UIModalPresentationStyle",
                 "a UIModalPresentationStyle to adapt to, or \"none\""),
            hook(Adaptive.viewControllerForAdaptivePresentationStyle,
                 [parameter("controller", .object("UIPresentationController")), parameter("style", .enumeration("UIModalPresentationStyle"))],
                 returns: .optional(controller), swift: "optional func presentationController(_ controller: UIPresentationController, viewControllerForAdaptivePresentationStyle style: UIModalPresentationStyle) -> UIViewController?",
                 "after adapting: a controller to show instead of the presented one (e.g. it in a UINavigationController), or nil"),
            hook(Adaptive.presentationControllerShouldDismiss,
                 [parameter("presentationController", .object("UIPresentationController"))],
                 returns: .boolean, swift: "optional func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool",
                 "iOS 13+: the user began to pull the sheet down; false refuses (not asked when isModalInPresentation is true)"),
            hook(Adaptive.presentationControllerWillDismiss,
                 [parameter("presentationController", .object("UIPresentationController"))],
                 swift: "optional func presentationControllerWillDismiss(_ presentationController: UIPresentationController)",
                 "iOS 13+: the user's dismissal began (its transitionCoordinator is live); not called for a programmatic dismiss"),
            hook(Adaptive.presentationControllerDidDismiss,
                 [parameter("presentationController", .object("UIPresentationController"))],
                 swift: "optional func presentationControllerDidDismiss(_ presentationController: UIPresentationController)",
                 "iOS 13+: the user's dismissal completed (not called when it was cancelled, nor for a programmatic dismiss)"),
            hook(Adaptive.presentationControllerDidAttemptToDismiss,
                 [parameter("presentationController", .object("UIPresentationController"))],
                 swift: "optional func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)",
                 "iOS 13+: a pull the sheet refused (isModalInPresentation, or presentationControllerShouldDismiss returned false) was released"),
        ]
        typealias Tabs = Hook.TabBarControllerDelegate
        return [
            APIProtocol(
                name: Animated.protocolName,
                doc: "The animator: animates one presentation, dismissal, push or pop.",
                hooks: [
                    hook(Animated.transitionDuration, [parameter("transitionContext", context)], returns: .number,
                         swift: "func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval", required: true, "the duration in seconds (finite, ≥ 0)"),
                    hook(Animated.animateTransition, [parameter("transitionContext", context)],
                         swift: "func animateTransition(using transitionContext: any UIViewControllerContextTransitioning)", required: true,
                         "adds the views to the container, animates them and calls completeTransition"),
                    hook(Animated.animationEnded, [parameter("transitionCompleted", .boolean)],
                         swift: "optional func animationEnded(_ transitionCompleted: Bool)", "after completeTransition, with its argument"),
                    hook(Animated.interruptibleAnimator, [parameter("transitionContext", context)], returns: .object("UIViewPropertyAnimator"),
                         swift: "optional func interruptibleAnimator(using transitionContext: any UIViewControllerContextTransitioning) -> any UIViewImplicitlyAnimating",
                         "the property animator that runs the transition (the same one every time it is asked)"),
                ],
                usedAs: "the result of animationControllerForPresented, animationControllerForDismissed or animationControllerForOperation; an effect file that returns one"),
            APIProtocol(
                name: Interactive.protocolName,
                doc: "The interaction controller: drives a transition from a gesture (UIPercentDrivenInteractiveTransition is one).",
                hooks: [
                    hook(Interactive.startInteractiveTransition, [parameter("transitionContext", context)],
                         swift: "func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning)", required: true,
                         "the transition begins interactively; drive it with the context's update/finish/cancel"),
                ],
                usedAs: "the result of interactionControllerForPresentation, interactionControllerForDismissal or interactionControllerFor"),
            APIProtocol(
                name: Delegate.protocolName,
                doc: "The transitioning delegate: supplies the animator, the interaction controller and the presentation controller of a modal presentation.",
                hooks: [
                    hook(Delegate.animationControllerForPresented,
                         [parameter("presented", controller), parameter("presenting", controller), parameter("source", controller)],
                         returns: .optional(animator), swift: "optional func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?",
                         "the animator for the presentation, or nil for UIKit's"),
                    hook(Delegate.animationControllerForDismissed, [parameter("dismissed", controller)],
                         returns: .optional(animator), swift: "optional func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?",
                         "the animator for the dismissal, or nil for UIKit's"),
                    hook(Delegate.interactionControllerForPresentation, [parameter("animator", animator)],
                         returns: .optional(interaction), swift: "optional func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)?",
                         "an interaction controller to present interactively, or nil"),
                    hook(Delegate.interactionControllerForDismissal, [parameter("animator", animator)],
                         returns: .optional(interaction), swift: "optional func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)?",
                         "an interaction controller to dismiss interactively, or nil"),
                    hook(Delegate.presentationControllerForPresented,
                         [parameter("presented", controller), parameter("presenting", .optional(controller)), parameter("source", controller)],
                         returns: .optional(.object("UIPresentationController")),
                         swift: "optional func presentationController(forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController) -> UIPresentationController?",
                         "the presentation controller (asked only for the \"custom\" style)"),
                    renamed(hook(named: Delegate.presentationController,
                                 [parameter("presented", controller), parameter("presenting", .optional(controller)), parameter("source", controller)],
                                 returns: .optional(.object("UIPresentationController")),
                                 swift: "optional func presentationController(forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController) -> UIPresentationController?",
                                 "deprecated: the former name of presentationControllerForPresented, still called when an object defines only it"),
                            to: Delegate.presentationControllerForPresented.rawValue),
                ],
                usedAs: "viewController.transitioningDelegate; an effect file that returns one"),
            APIProtocol(
                name: Navigation.protocolName,
                doc: "The navigation controller's delegate: animators for push and pop.",
                hooks: [
                    hook(Navigation.animationControllerForOperation,
                         [parameter("navigationController", .object("UINavigationController")), parameter("operation", .string, "\"push\" or \"pop\""),
                          parameter("fromVC", controller), parameter("toVC", controller)],
                         returns: .optional(animator), swift: "optional func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation, from fromVC: UIViewController, to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?",
                         "the animator for a push or pop, or nil for UIKit's"),
                    hook(Navigation.interactionControllerFor,
                         [parameter("navigationController", .object("UINavigationController")), parameter("animationController", animator)],
                         returns: .optional(interaction), swift: "optional func navigationController(_ navigationController: UINavigationController, interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)?",
                         "an interaction controller for the push or pop, or nil"),
                    hook(Navigation.willShow,
                         [parameter("navigationController", .object("UINavigationController")), parameter("viewController", controller), parameter("animated", .boolean)],
                         swift: "optional func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)", "the controller's view is about to show (before the animator runs)"),
                    hook(Navigation.didShow,
                         [parameter("navigationController", .object("UINavigationController")), parameter("viewController", controller), parameter("animated", .boolean)],
                         swift: "optional func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)", "the push, pop or stack change finished showing the controller"),
                ],
                usedAs: "navigationController.delegate; an effect file that returns one"),
            APIProtocol(
                name: Tabs.protocolName,
                doc: "The tab bar controller's delegate: the animator and interaction controller of a tab switch.",
                hooks: [
                    hook(Tabs.animationControllerForTransitionFrom,
                         [parameter("tabBarController", .object("UITabBarController")),
                          parameter("fromVC", controller), parameter("toVC", controller)],
                         returns: .optional(animator), swift: "optional func tabBarController(_ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController, to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?",
                         "the animator for the switch, or nil to switch without animation"),
                    hook(Tabs.interactionControllerFor,
                         [parameter("tabBarController", .object("UITabBarController")), parameter("animationController", animator)],
                         returns: .optional(interaction), swift: "optional func tabBarController(_ tabBarController: UITabBarController, interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)?",
                         "an interaction controller for the switch, or nil (asked only when there is an animator)"),
                    hook(Tabs.shouldSelect,
                         [parameter("tabBarController", .object("UITabBarController")), parameter("viewController", controller)],
                         returns: .boolean, swift: "optional func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool",
                         "asked when the user taps a tab (not when a script sets selectedIndex); false keeps the current tab"),
                ],
                usedAs: "tabBarController.delegate; an effect file that returns one"),
            APIProtocol(
                name: Adaptive.protocolName,
                doc: "The presentation controller's delegate: how a presentation adapts to a compact environment.",
                hooks: adaptiveHooks,
                usedAs: "presentationController.delegate"),
            APIProtocol(
                name: Hook.SheetPresentationDelegate.protocolName,
                doc: "iOS 15+: a sheet's delegate: every UIAdaptivePresentationControllerDelegate hook, and the user's change of detent.",
                hooks: adaptiveHooks + [
                    hook(Hook.SheetPresentationDelegate.didChangeSelectedDetentIdentifier,
                         [parameter("sheetPresentationController", .object("UISheetPresentationController"))],
                         swift: "optional func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheetPresentationController: UISheetPresentationController)",
                         "the user's drag left the sheet at another detent (read selectedDetentIdentifier); not called for changes the app makes"),
                ],
                usedAs: "sheetPresentationController.delegate (also its UIAdaptivePresentationControllerDelegate)"),
            APIProtocol(
                name: Hook.AnimationDelegate.protocolName,
                doc: "Told when a Core Animation animation starts and stops.",
                hooks: [
                    hook(Hook.AnimationDelegate.animationDidStart, [parameter("anim", .object("CAAnimation"))],
                         swift: "optional func animationDidStart(_ anim: CAAnimation)", "when the animation begins (at its beginTime)"),
                    hook(Hook.AnimationDelegate.animationDidStop, [parameter("anim", .object("CAAnimation")), parameter("finished", .boolean)],
                         swift: "optional func animationDidStop(_ anim: CAAnimation, finished flag: Bool)", "when it ends (finished = true) or is removed (false)"),
                ],
                usedAs: "animation.delegate"),
        ]
    }
}
