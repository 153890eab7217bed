import CLua
import TransitCore

// UIPresentationController, the transition context and coordinator,
// UIPercentDrivenInteractiveTransition, and UIViewController's present/dismiss.

extension TransitAPI {
    static func transitionClasses() -> [APIClass] {
        [presentationControllerClass(), traitCollectionClass(), contextClass(legacy: false), contextClass(legacy: true),
         coordinatorClass(), percentDrivenClass()]
    }

    static func viewControllerPresentationMembers() -> (properties: [APIProperty], methods: [APIFunction]) {
        let properties = [
            property("presentationController", .optional(.object("UIPresentationController")), "manages this controller's presentation (from present until dismissal ends); read before presenting, UIKit's controller for the current modalPresentationStyle, made then and used by the presentation (set its delegate in viewDidLoad); nil for custom before presenting", of: ViewController.self,
                     get: { call, c in call.push(try c.presentationControllerCreatingIfNeeded()) }),
            property("transitionCoordinator", .optional(.object("UIViewControllerTransitionCoordinator")), "the coordinator, during a transition", of: ViewController.self,
                     get: { call, c in call.push(c.transitionCoordinator) }),
            property("traitCollection", .object("UITraitCollection"), "read-only: while presented, its presentation's traits (a form sheet or popover in regular width is horizontally compact); else its parent's, else the window's", of: ViewController.self,
                     get: { call, c in call.push(c.traitCollection) }),
            viewControllerPopoverProperty(),
            property("sheetPresentationController", .optional(.object("UISheetPresentationController")), "iOS 15+: the sheet's presentation controller (detents, selectedDetentIdentifier, animateChanges, ...) when presented as a page or form sheet, available before presenting (reading it creates it)", of: ViewController.self,
                     get: { call, c in call.push(try c.sheetPresentationController()) }),
        ]
        let methods = [
            method("present", .object("viewController", ViewController.self), .boolean("animated"), .optional(.function("completion")),
                   doc: "presents a view controller (the transition begins inside the call)", of: ViewController.self) { call, c, viewController, animated, completion in
                let presented = viewController
                try call.runtime.world.present(presented, from: c, animated: animated,
                                               completion: completion.map { f in { try f.call() } })
                return 0
            },
            method("dismiss", .boolean("animated"), .optional(.function("completion")),
                   doc: "dismisses what this controller presented, or this controller", of: ViewController.self) { call, c, animated, completion in
                try call.runtime.world.dismiss(c, animated: animated, completion: completion.map { f in { try f.call() } })
                return 0
            },
        ]
        return (properties, methods)
    }

    private static func presentationControllerClass() -> APIClass {
        var cls = APIClass(name: "UIPresentationController", superclass: "NSObject",
                           doc: "Owns a presentation's chrome and geometry; subclass it or override on an instance.", isValue: false)
        cls.isSubclassable = true
        cls.matches = { $0 is PresentationController }
        cls.constructorParameters = [parameter("presented", .object("UIViewController")), parameter("presenting", .optional(.object("UIViewController")))]
        cls.construct = { call in
            let presented = try call.object(1, ViewController.self)
            let presenting = try call.optionalObject(2, ViewController.self)
                ?? call.runtime.world.window.rootViewController ?? presented
            return PresentationController(world: call.runtime.world, presented: presented, presenting: presenting)
        }
        cls.properties = [
            property("presentedViewController", .object("UIViewController"), "the controller being presented", of: PresentationController.self,
                     get: { call, p in call.push(p.presentedViewController) }),
            property("presentingViewController", .object("UIViewController"), "the controller presenting it", of: PresentationController.self,
                     get: { call, p in call.push(p.presentingViewController) }),
            property("containerView", .optional(.object("UIView")), "the container, once the transition begins", of: PresentationController.self,
                     get: { call, p in call.push(p.containerView) }),
            property("presentationStyle", .enumeration("", ModalPresentationStyle.self, "UIModalPresentationStyle"), "the style this controller presents with", of: PresentationController.self,
                     get: { call, p in call.push(p.presentationStyle.rawValue) },
                     set: { call, p, newValue in p.presentationStyle = newValue }),
            property("traitCollection", .object("UITraitCollection"), "read-only: the presented controller's traits (the presenter's, horizontally compact for a form sheet or popover in regular width)", of: PresentationController.self,
                     get: { call, p in call.push(p.traitCollection) }),
            property("delegate", .optional(.protocolObject("", "UIAdaptivePresentationControllerDelegate")), "asked for adaptivePresentationStyle", of: PresentationController.self,
                     get: { call, p in call.push(p.delegate) },
                     set: { call, p, newValue in p.delegate = newValue }),
        ]
        // UIKit's behaviour for each overridable member: what `Class.super.x(self)` runs.
        cls.methods = [
            method("presentedView", [], returns: .optional(.object("UIView")), "the presented controller's view", of: PresentationController.self) { call, p in
                call.push(try p.presentedViewController.loadViewIfNeeded()); return 1
            },
            method("frameOfPresentedViewInContainerView", [], returns: .value("CGRect"), "the container's bounds", of: PresentationController.self) { call, p in
                call.push(p.containerView?.bounds ?? .zero); return 1
            },
            method("shouldRemovePresentersView", [], returns: .boolean, "false (true for the full-screen system styles)", of: PresentationController.self) { call, p in
                call.push(p.presentationStyle == .fullScreen || p.presentationStyle == .currentContext); return 1
            },
            method("shouldPresentInFullscreen", [], returns: .boolean, "true", of: PresentationController.self) { call, _ in
                call.push(true); return 1
            },
            method("sizeForChildContentContainer", .checked("child", .any), .value("parentSize", Size.self), returns: .value("CGSize"),
                   doc: "the parent's size", of: PresentationController.self) { call, _, _, parentSize in
                call.push(parentSize); return 1
            },
            method("adaptivePresentationStyle", .checked("traitCollection", .any), returns: .optional(.string), doc: "asks the delegate; nil means no adaptation", of: PresentationController.self) { call, p, _ in
                if let delegate = p.delegate, try call.runtime.world.responds(delegate, Hook.AdaptivePresentationDelegate.adaptivePresentationStyle) {
                    let value = try call.runtime.world.callScript(delegate, Hook.AdaptivePresentationDelegate.adaptivePresentationStyle, [.object(p), call.runtime.scriptValue(at: call.index(1))])
                    call.runtime.push(value)
                    return 1
                }
                call.pushNil(); return 1
            },
        ] + ["presentationTransitionWillBegin", "dismissalTransitionWillBegin", "containerViewWillLayoutSubviews",
             "containerViewDidLayoutSubviews"].map { name in
            method(name, [], "UIKit does nothing here", of: PresentationController.self) { _, _ in 0 }
        } + ["presentationTransitionDidEnd", "dismissalTransitionDidEnd"].map { name in
            method(name, .checked("completed", .boolean), doc: "UIKit does nothing here", of: PresentationController.self) { _, _, _ in 0 }
        } + [
            method("preferredContentSizeDidChange", .checked("child", .any), doc: "UIKit does nothing here", of: PresentationController.self) { _, _, _ in 0 },
            method("viewWillTransitionToSize", [parameter("size", .value("CGSize")), parameter("coordinator", .any)], "UIKit does nothing here", of: PresentationController.self, variadic: true) { _, _ in 0 },
        ]
        typealias H = Hook.PresentationController
        let completed = [parameter("completed", .boolean)]
        cls.hooks = [
            hook(H.presentedView, [], returns: .object("UIView"), swift: "var presentedView: UIView? { get }", "the view to animate (may be a wrapper)"),
            hook(H.frameOfPresentedViewInContainerView, [], returns: .value("CGRect"), swift: "var frameOfPresentedViewInContainerView: CGRect { get }",
                 "the presented view's final frame"),
            hook(H.shouldRemovePresentersView, [], returns: .boolean, swift: "var shouldRemovePresentersView: Bool { get }",
                 "remove the presenter's view after presenting"),
            hook(H.shouldPresentInFullscreen, [], returns: .boolean, swift: "var shouldPresentInFullscreen: Bool { get }",
                 "whether the presentation covers the screen"),
            hook(H.presentationTransitionWillBegin, [], swift: "func presentationTransitionWillBegin()", "add chrome; register alongside animations"),
            hook(H.presentationTransitionDidEnd, completed, swift: "func presentationTransitionDidEnd(_ completed: Bool)", "clean up if not completed"),
            hook(H.dismissalTransitionWillBegin, [], swift: "func dismissalTransitionWillBegin()", "animate chrome away"),
            hook(H.dismissalTransitionDidEnd, completed, swift: "func dismissalTransitionDidEnd(_ completed: Bool)", "remove chrome if completed"),
            hook(H.containerViewWillLayoutSubviews, [], swift: "func containerViewWillLayoutSubviews()", "lay out chrome and the presented view"),
            hook(H.containerViewDidLayoutSubviews, [], swift: "func containerViewDidLayoutSubviews()", "after layout"),
            hook(H.sizeForChildContentContainer, [parameter("child", .any), parameter("parentSize", .value("CGSize"))], returns: .value("CGSize"),
                 swift: "func size(forChildContentContainer container: any UIContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize", "the size of a child (the presented controller)"),
            hook(H.preferredContentSizeDidChange, [parameter("child", .any)], swift: "func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer)",
                 "the presented controller's preferredContentSize changed"),
            hook(H.viewWillTransitionToSize, [parameter("size", .value("CGSize")), parameter("coordinator", .any)],
                 swift: "func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator)", "the screen is about to rotate"),
            hook(H.adaptivePresentationStyle, [parameter("traitCollection", .object("UITraitCollection"))], returns: .string,
                 swift: "func adaptivePresentationStyle(for traitCollection: UITraitCollection) -> UIModalPresentationStyle", "a style to adapt to, or \"none\""),
        ]
        return cls
    }

    private static func traitCollectionClass() -> APIClass {
        var cls = APIClass(name: "UITraitCollection", superclass: "NSObject", doc: "Size classes, idiom and display scale (read-only; UIView, UIViewController and UIPresentationController.traitCollection).", isValue: false)
        cls.matches = { $0 is TraitCollection }
        cls.properties = [
            property("horizontalSizeClass", .string, "\"compact\" or \"regular\"", of: TraitCollection.self, get: { call, t in call.push(t.horizontalSizeClass.rawValue) }),
            property("verticalSizeClass", .string, "\"compact\" or \"regular\"", of: TraitCollection.self, get: { call, t in call.push(t.verticalSizeClass.rawValue) }),
            property("userInterfaceIdiom", .string, "\"phone\" or \"pad\"", of: TraitCollection.self, get: { call, t in call.push(t.userInterfaceIdiom.rawValue) }),
            property("displayScale", .number, "pixels per point (the screen's scale)", of: TraitCollection.self, get: { call, t in call.push(t.displayScale) }),
        ]
        return cls
    }

    /// The context members; the iOS 7 variant lacks `view` (docs/design.md §2.10).
    private static func contextClass(legacy: Bool) -> APIClass {
        var cls = APIClass(name: legacy ? "UIViewControllerContextTransitioningIOS7" : "UIViewControllerContextTransitioning",
                           superclass: "NSObject", doc: legacy ? "The transition context before iOS 8 (no view(key))." : "The transition context an animator receives.", isValue: false)
        cls.matches = { object in legacy ? object is LegacyTransitionContext : object is TransitionContext }
        func live(_ call: HostCall, _ context: TransitionContext) throws -> Transition {
            guard let transition = context.transition, !transition.isCompleted else { throw call.fail("this transition is over; keep no context after completeTransition") }
            return transition
        }
        // Read-only members stay readable after completeTransition (TransitionState.swift).
        func state(_ call: HostCall, _ context: TransitionContext) throws -> TransitionReadableState {
            guard let state = context.readableState else { throw call.fail("this transition is gone") }
            return state
        }
        cls.properties = [
            property("containerView", .object("UIView"), "where the transition happens", of: TransitionContext.self,
                     get: { call, c in call.push(try state(call, c).containerView) }),
            property("isAnimated", .boolean, "false for non-animated custom transitions (use duration 0)", of: TransitionContext.self,
                     get: { call, c in call.push(try state(call, c).isAnimated) }),
            property("isInteractive", .boolean, "driven by an interaction controller right now", of: TransitionContext.self,
                     get: { call, c in call.push(try state(call, c).isInteractive) }),
            property("transitionWasCancelled", .boolean, "the interaction cancelled it", of: TransitionContext.self,
                     get: { call, c in call.push(try state(call, c).transitionWasCancelled) }),
            property("presentationStyle", .enumeration("UIModalPresentationStyle"), "the style", of: TransitionContext.self,
                     get: { call, c in call.push(try state(call, c).presentationStyle.rawValue) }),
            property("targetTransform", .value("CGAffineTransform"), "identity (no rotation during transitions)", of: TransitionContext.self,
                     get: { call, c in call.push(try state(call, c).targetTransform) }),
        ]
        var methods = [
            method("viewController", .enumeration("key", TransitionKey.self, "UITransitionContextKey"), returns: .object("UIViewController"),
                   doc: "\"from\": on screen at the start; \"to\": on screen at the end", of: TransitionContext.self) { call, c, key in
                call.push(try state(call, c).viewController(key)); return 1
            },
            method("initialFrame", .object("viewController", ViewController.self), returns: .value("CGRect"), doc: "where its view starts (zero if unknown)", of: TransitionContext.self) { call, c, viewController in
                call.push(try state(call, c).initialFrame(viewController)); return 1
            },
            method("finalFrame", .object("viewController", ViewController.self), returns: .value("CGRect"), doc: "where its view must end: zero for a presenter whose view is removed; for the dismissed controller, its view's frame when the dismissal began", of: TransitionContext.self) { call, c, viewController in
                call.push(try state(call, c).finalFrame(viewController)); return 1
            },
            method("completeTransition", .boolean("didComplete"), doc: "must be called exactly once, when the animation ends", of: TransitionContext.self) { call, c, didComplete in
                try c.completeTransitionFromScript(didComplete); return 0
            },
            method("updateInteractiveTransition", .finite("percent"), doc: "scrubs an interactive transition", of: TransitionContext.self) { call, c, percent in
                try live(call, c).updateInteractiveTransition(percent); return 0
            },
            method("finishInteractiveTransition", [], "runs the rest", of: TransitionContext.self) { call, c in
                try live(call, c).finishInteractiveTransition(); return 0
            },
            method("cancelInteractiveTransition", [], "runs back to the start", of: TransitionContext.self) { call, c in
                try live(call, c).cancelInteractiveTransition(); return 0
            },
            method("pauseInteractiveTransition", [], "pauses a running transition and makes it interactive", of: TransitionContext.self) { call, c in
                try live(call, c).pauseInteractiveTransition(); return 0
            },
        ]
        if !legacy {
            methods.insert(method("view", .enumeration("key", TransitionKey.self, "UITransitionContextKey"), returns: .optional(.object("UIView")),
                                  doc: "the view to animate, or nil when the animator must not touch it", of: TransitionContext.self) { call, c, key in
                call.push(try state(call, c).view(key)); return 1
            }, at: 1)
        }
        cls.methods = methods
        return cls
    }

    private static func coordinatorClass() -> APIClass {
        var cls = APIClass(name: "UIViewControllerTransitionCoordinator", superclass: "NSObject",
                           doc: "Runs work alongside a transition; also the context its blocks receive.", isValue: false)
        cls.matches = { $0 is TransitionCoordinator }
        func t(_ call: HostCall, _ c: TransitionCoordinator) throws -> TransitionReadableState {
            guard let state = c.readableState else { throw call.fail("this transition is gone") }
            return state
        }
        cls.properties = [
            property("isCancelled", .boolean, "an interactive transition was cancelled", of: TransitionCoordinator.self, get: { call, c in call.push(try t(call, c).transitionWasCancelled) }),
            property("percentComplete", .number, "the last interactive percentage", of: TransitionCoordinator.self, get: { call, c in call.push(try t(call, c).percentComplete) }),
            property("completionVelocity", .number, "the completion speed", of: TransitionCoordinator.self, get: { call, c in call.push(try t(call, c).completionSpeed) }),
            property("completionCurve", .enumeration("UIViewAnimationCurve"), "the completion curve", of: TransitionCoordinator.self, get: { call, c in call.push(try t(call, c).completionCurve.rawValue) }),
            property("transitionDuration", .number, "the animator's duration", of: TransitionCoordinator.self, get: { call, c in call.push(try t(call, c).duration) }),
            property("initiallyInteractive", .boolean, "began interactively", of: TransitionCoordinator.self, get: { call, c in call.push(try t(call, c).initiallyInteractive) }),
            property("isInterruptible", .boolean, "driven by an interruptible animator", of: TransitionCoordinator.self, get: { call, c in call.push(try t(call, c).isInterruptible) }),
            property("isInteractive", .boolean, "interactive right now", of: TransitionCoordinator.self, get: { call, c in call.push(try t(call, c).isInteractive) }),
            property("isAnimated", .boolean, "animated", of: TransitionCoordinator.self, get: { call, c in call.push(try t(call, c).isAnimated) }),
            property("presentationStyle", .enumeration("UIModalPresentationStyle"), "the style", of: TransitionCoordinator.self, get: { call, c in call.push(try t(call, c).presentationStyle.rawValue) }),
            property("containerView", .object("UIView"), "the container", of: TransitionCoordinator.self, get: { call, c in call.push(try t(call, c).containerView) }),
        ]
        func block(_ call: HostCall, _ argument: Int) throws -> ((TransitionCoordinator) throws -> Void)? {
            guard let f = try call.optionalFunction(argument) else { return nil }
            return { coordinator in try f.call { $0.push(coordinator); return 1 } }
        }
        cls.methods = [
            method("animateAlongsideTransition", .checked("animation", .optional(.function)), .checked("completion", .optional(.function)),
                   returns: .boolean, doc: "runs animation in the transition's animation context; completion after it ends", of: TransitionCoordinator.self) { call, c, _, _ in
                try c.animateAlongsideTransition(try block(call, 1), completion: try block(call, 2))
                call.push(true); return 1
            },
            method("animateAlongsideTransitionIn", .checked("view", .optional(.object("UIView"))), .checked("animation", .optional(.function)), .checked("completion", .optional(.function)),
                   returns: .boolean, doc: "the same, for views outside the container", of: TransitionCoordinator.self) { call, c, _, _, _ in
                try c.animateAlongsideTransition(try block(call, 2), completion: try block(call, 3))
                call.push(true); return 1
            },
            method("notifyWhenInteractionChanges", .function("handler"), doc: "called when the transition stops or starts being interactive", of: TransitionCoordinator.self) { call, c, handler in
                let f = handler
                try c.notifyWhenInteractionChanges { coordinator in try f.call { $0.push(coordinator); return 1 } }
                return 0
            },
            method("viewController", .enumeration("key", TransitionKey.self, "UITransitionContextKey"), returns: .object("UIViewController"), doc: "as the context's", of: TransitionCoordinator.self) { call, c, key in
                call.push(try t(call, c).viewController(key)); return 1
            },
            method("view", .enumeration("key", TransitionKey.self, "UITransitionContextKey"), returns: .optional(.object("UIView")), doc: "as the context's", of: TransitionCoordinator.self) { call, c, key in
                call.push(try t(call, c).view(key)); return 1
            },
        ]
        return cls
    }

    private static func percentDrivenClass() -> APIClass {
        var cls = APIClass(name: "UIPercentDrivenInteractiveTransition", superclass: "NSObject",
                           doc: "An interaction controller that scrubs the animator's animations by percentage.", isValue: false)
        cls.isSubclassable = true
        cls.matches = { $0 is PercentDrivenInteractiveTransition }
        let options = OptionTable.properties(of: cls.name)
        cls.constructorParameters = [propertiesParameter(options, "completionSpeed, completionCurve, wantsInteractiveStart")]
        cls.construct = { call in
            let interaction = PercentDrivenInteractiveTransition(world: call.runtime.world)
            try call.applyOptions(1, to: interaction, options)
            return interaction
        }
        cls.properties = [
            property("percentComplete", .number, "the last update", of: PercentDrivenInteractiveTransition.self, get: { call, p in call.push(p.percentComplete) }),
            property("duration", .number, "the animator's duration", of: PercentDrivenInteractiveTransition.self, get: { call, p in call.push(p.duration) }),
            property("completionSpeed", .finite(), "finish/cancel run at this speed (default 1)", of: PercentDrivenInteractiveTransition.self,
                     get: { call, p in call.push(p.completionSpeed) },
                     set: { call, p, newValue in
                         let speed = newValue
                         guard speed > 0 else { throw call.fail("must be > 0 (got \(formatNumber(speed)))") }
                         p.completionSpeed = speed
                     }).overridable(),
            property("completionCurve", .enumeration("", AnimationCurve.self, "UIViewAnimationCurve"), "the curve of the finish/cancel run (default easeInOut)", of: PercentDrivenInteractiveTransition.self,
                     get: { call, p in call.push(p.completionCurve.rawValue) },
                     set: { call, p, newValue in p.completionCurve = newValue }).overridable(),
            property("wantsInteractiveStart", .boolean(), "start interactively (default true)", \PercentDrivenInteractiveTransition.wantsInteractiveStart).overridable(),
            property("timingCurve", .optional(.value("CAMediaTimingFunction")), "for interruptible animators", of: PercentDrivenInteractiveTransition.self,
                     get: { call, p in if let f = p.timingCurve { call.runtime.push(f) } else { call.pushNil() } },
                     set: { call, p in p.timingCurve = call.isNil(1) ? nil : call.runtime.read(TimingFunction.self, at: call.index(1)) }),
        ]
        func update(_ name: String) -> APIFunction {
            method(name, .number("percent"), doc: "moves the transition to percent (0...1)", of: PercentDrivenInteractiveTransition.self) { call, p, percent in
                try p.update(percent); return 0
            }
        }
        func finish(_ name: String) -> APIFunction {
            method(name, [], "runs the rest of the transition", of: PercentDrivenInteractiveTransition.self) { _, p in try p.finish(); return 0 }
        }
        func cancel(_ name: String) -> APIFunction {
            method(name, [], "runs the transition back and cancels it", of: PercentDrivenInteractiveTransition.self) { _, p in try p.cancel(); return 0 }
        }
        cls.methods = [
            update("update"), finish("finish"), cancel("cancel"),
            // The Objective-C names, so ports read line by line.
            update("updateInteractiveTransition"), finish("finishInteractiveTransition"), cancel("cancelInteractiveTransition"),
            method("pause", [], "pauses an interruptible transition", of: PercentDrivenInteractiveTransition.self) { _, p in try p.pause(); return 0 },
            method("startInteractiveTransition", .object("context", TransitionContext.self),
                   doc: "UIKit's: keeps the context and asks the animator to animate on the frozen timeline", of: PercentDrivenInteractiveTransition.self) { call, p, context in
                try p.startInteractiveTransition(context); return 0
            },
        ]
        return cls
    }
}
