import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

// Issue 10: behaviours where Transit differed from UIKit, each pinned to what UIKit documents
// (or what the source in docs/sources.md shows). Test names say what UIKit does.

@Suite struct AnimatorAddsTheRevealedViewTests {
    func dismiss(addsToView: Bool, cancel: Bool = false) throws -> SceneResult {
        try runScene(slideDownAnimator(addsToView: addsToView) + """
            interaction = UIPercentDrivenInteractiveTransition.new()
            A, B = UIViewController.new{ title = "A" }, UIViewController.new{ title = "B" }
            transit.window.rootViewController = A
            B.modalPresentationStyle = "fullScreen"
            B.transitioningDelegate = {
              animationControllerForPresented = function() return Slide.new() end,
              animationControllerForDismissed = function() return Slide.new() end,
              interactionControllerForDismissal = function() return \(cancel ? "interaction" : "nil") end,
            }
            A:present(B, true)
            transit.wait(1)
            A:dismiss(true)
            transit.wait(0.2)
            \(cancel ? "interaction:update(0.3) interaction:cancel()" : "")
            transit.wait(1)
            """)
    }

    @Test func uikitLeavesAddingTheRevealedViewToTheAnimator() throws {
        let forgetful = try dismiss(addsToView: false)
        #expect(try forgetful.bool("revealedDuringDismissal") == false)
        #expect(forgetful.world.problemRecords.map(\.id) == [.revealedNotVisible], "\(forgetful.world.problems)")
        let correct = try dismiss(addsToView: true)
        #expect(try correct.bool("revealedDuringDismissal"))
        #expect(correct.world.problems.isEmpty, "\(correct.world.problems)")
        #expect(try correct.bool("A.view.window ~= nil"))
    }

    @Test func aCancelledDismissalWhoseAnimatorRemovesTheToViewIsClean() throws {
        let result = try dismiss(addsToView: true, cancel: true)
        #expect(result.world.problems.isEmpty, "\(result.world.problems)")
        #expect(try result.bool("B.presentingViewController == A"))
        #expect(try result.text("tostring(A.view.superview)") == "nil")
    }
}

@Suite struct InteractiveCompletionTests {
    /// A percent-driven presentation scrubbed to `percent`, then left alone for 2 s.
    func scrubbed(to percent: Double, finish: Bool) throws -> SceneResult {
        try runScene(recordingAnimator + """
            interaction = UIPercentDrivenInteractiveTransition.new()
            A, B = UIViewController.new{ title = "A" }, UIViewController.new{ title = "B" }
            transit.window.rootViewController = A
            B.modalPresentationStyle = "custom"
            B.transitioningDelegate = {
              animationControllerForPresented = function() return Animator.new() end,
              interactionControllerForPresentation = function() return interaction end,
            }
            A:present(B, true, function() presentedAt = transit.now() end)
            transit.wait(0.1)
            interaction:update(\(percent))
            transit.wait(2)
            completedBeforeFinish = B.isBeingPresented == false
            stillInteractive = B.transitionCoordinator ~= nil and B.transitionCoordinator.isInteractive
            \(finish ? "interaction:finish() transit.wait(1)" : "")
            """)
    }

    @Test func updateToOneDoesNotCompleteOnlyFinishDoes() throws {
        let held = try scrubbed(to: 1.0, finish: false)
        #expect(try held.bool("completedBeforeFinish") == false)
        #expect(try held.bool("stillInteractive"))
        #expect(try held.text("table.concat(calls, ',')")?.contains("completeTransition") == false)
        let finished = try scrubbed(to: 1.0, finish: true)
        #expect(try finished.text("table.concat(calls, ',')")?.contains("completeTransition") == true)
        #expect(try finished.number("presentedAt") >= 2.1 - 1e-9)  // at finish(), not at update(1)
    }
}

@Suite struct WantsInteractiveStartTests {
    /// Apple's PhotoTransitioning: one object is the interaction controller for every push and
    /// answers wantsInteractiveStart = false for a tap; its startInteractiveTransition runs the
    /// animation itself, reading ctx.isInteractive.
    @Test(arguments: ["field", "getter", "subclass field"])
    func anyInteractionControllerThatDeclinesStartsNonInteractively(form: String) throws {
        let declaration = form == "getter" ? "function driver:wantsInteractiveStart() return false end"
            : "driver.wantsInteractiveStart = false"
        // A plain table, or an instance of an NSObject subclass (a host object with a table).
        let object = form == "subclass field" ? "NSObject:subclass(\"Driver\").new()" : "{}"
        let result = try runScene(recordingAnimator + """
            driver = \(object)
            \(declaration)
            function driver:startInteractiveTransition(ctx)
              startedInteractive = ctx.isInteractive
              Animator.new():animateTransition(ctx)
            end
            A, B = UIViewController.new{ title = "A" }, UIViewController.new{ title = "B" }
            transit.window.rootViewController = A
            B.modalPresentationStyle = "custom"
            B.transitioningDelegate = {
              animationControllerForPresented = function() return Animator.new() end,
              interactionControllerForPresentation = function() return driver end,
            }
            A:present(B, true, function() presentedAt = transit.now() end)
            transit.wait(0.2)
            midway = B.view.layer:presentation().opacity
            transit.wait(1)
            """)
        #expect(try result.bool("startedInteractive") == false)
        #expect(abs(try result.number("midway") - 0.5) < 0.01)  // linear 0.4 s fade, running
        #expect(abs(try result.number("presentedAt") - 0.4) < 1e-6)
        #expect(result.world.problems.isEmpty, "\(result.world.problems)")
    }

    /// The same for a tap push through a navigation controller (PhotoTransitioning's case).
    @Test func aTapPushWhoseInteractionControllerDeclinesRunsByItself() throws {
        let result = try runScene(recordingAnimator + """
            driver = { wantsInteractiveStart = false }
            function driver:startInteractiveTransition(ctx)
              startedInteractive = ctx.isInteractive
              Animator.new():animateTransition(ctx)
            end
            local A, B = UIViewController.new{ title = "A" }, UIViewController.new{ title = "B" }
            nav = UINavigationController.new(A)
            transit.window.rootViewController = nav
            nav.delegate = {
              animationControllerForOperation = function() return Animator.new() end,
              interactionControllerFor = function() return driver end,
            }
            nav:pushViewController(B, true)
            transit.wait(1)
            top = nav.topViewController.title
            """)
        #expect(try result.bool("startedInteractive") == false)
        #expect(try result.text("top") == "B")
        #expect(result.world.transitionHistory.last?.completed == true)
        #expect(result.world.problems.isEmpty, "\(result.world.problems)")
    }

    func percentDriven(_ control: String) throws -> SceneResult {
        try runScene(recordingAnimator + """
            interaction = UIPercentDrivenInteractiveTransition.new{ wantsInteractiveStart = false, completionCurve = "linear" }
            A, B = UIViewController.new{ title = "A" }, UIViewController.new{ title = "B" }
            transit.window.rootViewController = A
            B.modalPresentationStyle = "custom"
            B.transitioningDelegate = {
              animationControllerForPresented = function() return Animator.new() end,
              interactionControllerForPresentation = function() return interaction end,
            }
            A:present(B, true, function() presentedAt = transit.now() end)
            transit.wait(0.1)
            startedInteractive = B.transitionCoordinator.initiallyInteractive
            \(control)
            transit.wait(3)
            """)
    }

    @Test func percentDrivenWithoutInteractiveStartRunsAndCanBePaused() throws {
        let paused = try percentDriven("interaction:pause() transit.wait(1) held = B.view.layer:presentation().opacity interaction:update(0.5) scrubbed = B.view.layer:presentation().opacity interaction:finish()")
        #expect(try paused.bool("startedInteractive") == false)
        #expect(abs(try paused.number("held") - 0.25) < 1e-6)   // paused at 0.1 of 0.4 s
        #expect(abs(try paused.number("scrubbed") - 0.5) < 1e-6)
        #expect(abs(try paused.number("presentedAt") - 1.3) < 1e-6)  // finish at 1.1 + 0.5 × 0.4
        #expect(paused.world.problems.isEmpty, "\(paused.world.problems)")
    }

    @Test func percentDrivenWithoutInteractiveStartCanBeCancelledWhileRunning() throws {
        let cancelled = try percentDriven("interaction:cancel()")
        #expect(try cancelled.text("tostring(presentedAt)") == "nil")
        #expect(try cancelled.text("tostring(B.presentingViewController)") == "nil")
        #expect(try cancelled.text("table.concat(calls, ',')")?.contains("animationEnded false") == true)
    }
}

@Suite struct OverriddenGetterTests {
    /// VCTransitionsLibrary's interaction controllers override completionSpeed to return
    /// 1 − percentComplete; UIKit calls the override when it finishes.
    @Test func uikitReadsAnOverriddenCompletionSpeed() throws {
        let result = try runScene(recordingAnimator + """
            local Swipe = UIPercentDrivenInteractiveTransition:subclass("Swipe")
            function Swipe:completionSpeed() return 1 - self.percentComplete end
            interaction = Swipe.new{ completionCurve = "linear" }
            A, B = UIViewController.new{ title = "A" }, UIViewController.new{ title = "B" }
            transit.window.rootViewController = A
            B.modalPresentationStyle = "custom"
            B.transitioningDelegate = {
              animationControllerForPresented = function() return Animator.new() end,
              interactionControllerForPresentation = function() return interaction end,
            }
            A:present(B, true, function() presentedAt = transit.now() end)
            transit.wait(0.1)
            interaction:update(0.75)
            finishedFrom = transit.now()
            stored = interaction.completionSpeed
            interaction:finish()
            transit.wait(2)
            """)
        // The remaining 0.25 × 0.4 s at speed 1 − 0.75: 0.4 s (the stored 1.0 would give 0.1 s).
        #expect(abs(try result.number("presentedAt") - result.number("finishedFrom") - 0.4) < 1e-6)
        // Lua reading the property reads the override too, as every reader of a Swift
        // `override var` does.
        #expect(abs(try result.number("stored") - 0.25) < 1e-12)
    }

    /// A Swift subclass's `override var preferredContentSize` is what a presentation
    /// controller reads (`presentedViewController.preferredContentSize`) and what UIKit checks
    /// when the presentation begins (preferredContentSizeDidChange for a size that is not zero).
    @Test func uikitReadsAnOverriddenPreferredContentSize() throws {
        let result = try runScene(recordingAnimator + """
            local Menu = UIViewController:subclass("Menu")
            function Menu:preferredContentSize() return CGSize(200, 150) end
            local Centered = UIPresentationController:subclass("Centered")
            function Centered:frameOfPresentedViewInContainerView()
              local size = self.presentedViewController.preferredContentSize
              local b = self.containerView.bounds
              return CGRect((b.width - size.width) / 2, (b.height - size.height) / 2, size.width, size.height)
            end
            function Centered:preferredContentSizeDidChange(child) told = child.preferredContentSize end
            A, B = UIViewController.new{ title = "A" }, Menu.new()
            transit.window.rootViewController = A
            B.modalPresentationStyle = "custom"
            B.transitioningDelegate = {
              animationControllerForPresented = function() return Animator.new() end,
              presentationController = function(_, presented, presenting) return Centered.new(presented, presenting) end,
            }
            A:present(B, true)
            transit.wait(1)
            read = B.preferredContentSize
            """)
        #expect(try result.text("tostring(read)") == "CGSize(200, 150)")
        #expect(try result.text("tostring(told)") == "CGSize(200, 150)")
        let screen = result.world.screen.bounds
        #expect(try result.text("tostring(B.view.frame)") ==
            "CGRect(\(formatNumber((screen.width - 200) / 2)), \(formatNumber((screen.height - 150) / 2)), 200, 150)")
    }

    /// Every property the API declares overridable is read through a Lua subclass's getter
    /// method (a value of the property's type that differs from the base class's), and the
    /// engine's list of what it reads that way names exactly those properties.
    @Test func everyOverridablePropertyReadsTheSubclassGetter() throws {
        let api = TransitAPI.description
        var declared: Set<String> = []
        var scene = "checked = {}\n"
        for cls in api.classes {
            for property in cls.properties where property.isOverridable {
                declared.insert(property.name)
                let name = property.name
                // A value of the declared type unlike the base instance's.
                let value: String
                switch property.type {
                case .value("CGSize"): value = "CGSize(123, 45)"
                case .boolean: value = "not base.\(name)"
                case .number: value = "base.\(name) + 0.375"
                case .enumeration(let enumName):
                    let cases = try #require(api.enums.first { $0.name == enumName }?.cases)
                    value = "(base.\(name) == \"\(cases[0])\") and \"\(cases[1])\" or \"\(cases[0])\""
                case .optional(.object("UIViewController")): value = "UIViewController.new()"
                case .optional(.protocol): value = "{}"
                default:
                    Issue.record("no test value for \(cls.name).\(name) of type \(property.type)")
                    continue
                }
                scene += """
                    do
                      local base = \(cls.name).new()
                      local S = \(cls.name):subclass("S_\(name)")
                      local value = \(value)
                      S[\"\(name)\"] = function(self) return value end
                      local object = S.new()
                      checked["\(cls.name).\(name)"] = rawequal(object.\(name), value) or object.\(name) == value
                    end

                    """
            }
        }
        #expect(declared == Set(Hook.OverridableProperty.all))
        let result = try runScene(scene)
        for name in declared.sorted() {
            let owner = try #require(api.classes.first { $0.properties.contains { $0.name == name && $0.isOverridable } }?.name)
            #expect(try result.bool("checked['\(owner).\(name)']"), "\(owner).\(name)")
        }
    }

    @Test func uikitReadsAnOverriddenModalPresentationStyle() throws {
        let result = try runScene(recordingAnimator + """
            local Card = UIViewController:subclass("Card")
            function Card:modalPresentationStyle() return "custom" end
            A, B = UIViewController.new{ title = "A" }, Card.new()
            transit.window.rootViewController = A
            B.transitioningDelegate = {
              presentationController = function(_, presented, presenting) asked = true return UIPresentationController.new(presented, presenting) end,
              animationControllerForPresented = function() return Animator.new() end,
            }
            A:present(B, true)
            transit.wait(1)
            """)
        #expect(try result.bool("asked"))
        #expect(try result.bool("A.view.window ~= nil"))  // custom keeps the presenter
    }
}

@Suite struct FinishedContextTests {
    /// BubbleTransition reads ctx.transitionWasCancelled after completeTransition in its
    /// dismissal completion: the context's state stays readable; only mutations are mistakes.
    @Test func theContextStaysReadableAfterCompleteTransition() throws {
        let result = try runScene("""
            local Bubble = NSObject:subclass("Bubble")
            function Bubble:transitionDuration() return 0.3 end
            function Bubble:animateTransition(ctx)
              local view = ctx:view("to")
              ctx.containerView:addSubview(view)
              UIView.animate(0.3, function() view.alpha = 1 end, function()
                ctx:completeTransition(not ctx.transitionWasCancelled)
                after = { cancelled = ctx.transitionWasCancelled, interactive = ctx.isInteractive,
                          animated = ctx.isAnimated, style = ctx.presentationStyle,
                          to = ctx:viewController("to").title, final = ctx:finalFrame(ctx:viewController("to")).height,
                          container = ctx.containerView ~= nil, view = ctx:view("to") == view }
                keptContext = ctx
              end)
            end
            A, B = UIViewController.new{ title = "A" }, UIViewController.new{ title = "B" }
            transit.window.rootViewController = A
            B.modalPresentationStyle = "custom"
            B.transitioningDelegate = { animationControllerForPresented = function() return Bubble.new() end }
            A:present(B, true)
            transit.wait(0.1)
            keptCoordinator = B.transitionCoordinator
            transit.wait(1)
            collectgarbage()
            laterCancelled = keptContext.transitionWasCancelled
            coordinatorCancelled = keptCoordinator.isCancelled
            ok, mutationError = pcall(function() keptContext:updateInteractiveTransition(0.5) end)
            ok2, alongsideError = pcall(function() keptCoordinator:animateAlongsideTransition(function() end) end)
            """)
        #expect(try result.bool("after.cancelled") == false)
        #expect(try result.bool("after.interactive") == false)
        #expect(try result.bool("after.animated"))
        #expect(try result.text("after.style") == "custom")
        #expect(try result.text("after.to") == "B")
        #expect(try result.number("after.final") == 667)  // iPhone SE container
        #expect(try result.bool("after.container and after.view"))
        #expect(try result.bool("laterCancelled") == false)
        #expect(try result.bool("coordinatorCancelled") == false)
        #expect(try result.bool("ok") == false)
        #expect(try result.text("mutationError")?.contains("UIViewControllerContextTransitioning.updateInteractiveTransition") == true)
        #expect(try result.bool("ok2") == false)
        #expect(try result.text("alongsideError")?.contains("the transition is over") == true)
    }
}

@Suite struct TransitionBeginsInsidePresentAndDismissTests {
    /// UIKit assigns the transition coordinator when present/dismiss is called, and interaction
    /// controllers call update/finish in the same gesture handler that called dismiss.
    @Test func finishRightAfterDismissInTheSameHandlerIsNotDropped() throws {
        let result = try runScene(recordingAnimator + """
            interaction = UIPercentDrivenInteractiveTransition.new{ completionCurve = "linear" }
            A, B = UIViewController.new{ title = "A" }, UIViewController.new{ title = "B" }
            transit.window.rootViewController = A
            B.modalPresentationStyle = "custom"
            B.transitioningDelegate = {
              animationControllerForPresented = function() return Animator.new() end,
              animationControllerForDismissed = function() return Animator.new() end,
              interactionControllerForDismissal = function() return interaction end,
            }
            A:present(B, true)
            coordinatorAfterPresent = B.transitionCoordinator ~= nil
            transit.wait(1)
            A:dismiss(true, function() dismissedAt = transit.now() end)
            interaction:update(0.5)
            interaction:finish()
            transit.wait(2)
            """)
        #expect(try result.bool("coordinatorAfterPresent"))
        // The remaining half of 0.4 s after the finish at t = 1.
        #expect(abs(try result.number("dismissedAt") - 1.2) < 1e-6)
        #expect(result.world.problems.isEmpty, "\(result.world.problems)")
    }
}

@Suite struct AlongsideAnimationContextTests {
    /// A presentation controller fades a dimming view alongside; the animator is `animator`.
    func dimmed(animator: String, control: String = "transit.wait(0.15)") throws -> SceneResult {
        try runScene("""
            \(animator)
            local PC = UIPresentationController:subclass("PC")
            function PC:presentationTransitionWillBegin()
              dimming = UIView.new{ frame = self.containerView.bounds }
              dimming.alpha = 0
              self.containerView:addSubview(dimming)
              self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function() dimming.alpha = 1 end)
            end
            A, B = UIViewController.new{ title = "A" }, UIViewController.new{ title = "B" }
            transit.window.rootViewController = A
            B.modalPresentationStyle = "custom"
            B.transitioningDelegate = {
              presentationController = function(_, presented, presenting) return PC.new(presented, presenting) end,
              animationControllerForPresented = function() return Sheet.new() end,
              interactionControllerForPresentation = function() return interaction end,
            }
            A:present(B, true)
            \(control)
            sheetProgress = 1 - (B.view.layer:presentation().position.y - 333.5) / 568
            dimmingProgress = dimming.layer:presentation().opacity
            transit.wait(2)
            """)
    }

    /// UIKit runs alongside blocks in the animator's animation context: a spring sheet and its
    /// dimming move together (Transit had the dimming on easeInOut: 8 % against 57 %).
    @Test func alongsideAnimationsShareTheAnimatorsSpring() throws {
        let result = try dimmed(animator: """
            Sheet = NSObject:subclass("Sheet")
            function Sheet:transitionDuration() return 0.5 end
            function Sheet:animateTransition(ctx)
              local view = ctx:view("to")
              view.frame = ctx:finalFrame(ctx:viewController("to")):offsetBy(0, 568)
              ctx.containerView:addSubview(view)
              UIView.animate{ duration = 0.5, dampingRatio = 1, animations = function() view.frame = ctx:finalFrame(ctx:viewController("to")) end,
                completion = function() ctx:completeTransition(not ctx.transitionWasCancelled) end }
            end
            """)
        let sheet = try result.number("sheetProgress"), dimming = try result.number("dimmingProgress")
        #expect(sheet > 0.3 && sheet < 0.9, "sheet at \(sheet)")
        #expect(abs(sheet - dimming) < 1e-6, "sheet \(sheet), dimming \(dimming)")
    }

    /// With an interruptible animator, UIKit adds the alongside animations to it (iOS 10), so
    /// scrubbing the animator scrubs them.
    @Test func alongsideAnimationsJoinTheInterruptibleAnimator() throws {
        let result = try dimmed(animator: """
            interaction = UIPercentDrivenInteractiveTransition.new()
            Sheet = NSObject:subclass("Sheet")
            function Sheet:transitionDuration() return 0.5 end
            function Sheet:interruptibleAnimator(ctx)
              if self.animator then return self.animator end
              local view = ctx:view("to")
              view.frame = ctx:finalFrame(ctx:viewController("to")):offsetBy(0, 568)
              ctx.containerView:addSubview(view)
              self.animator = UIViewPropertyAnimator.new{ duration = 0.5, curve = "easeIn" }
              self.animator:addAnimations(function() view.frame = ctx:finalFrame(ctx:viewController("to")) end)
              self.animator:addCompletion(function(position) ctx:completeTransition(position == "end") end)
              return self.animator
            end
            function Sheet:animateTransition(ctx) self:interruptibleAnimator(ctx):startAnimation() end
            """, control: "transit.wait(0.1) interaction:update(0.3) transit.wait(0.1)")
        #expect(abs(try result.number("sheetProgress") - 0.3) < 1e-6)
        #expect(abs(try result.number("dimmingProgress") - 0.3) < 1e-6)
    }
}

@Suite struct UIKitAsksTheAnimatorOnlyWhenItShouldTests {
    func presentWithoutAnimation(style: String) throws -> SceneResult {
        try runScene(recordingAnimator + """
            asked = 0
            A, B = UIViewController.new{ title = "A" }, UIViewController.new{ title = "B" }
            transit.window.rootViewController = A
            B.modalPresentationStyle = "\(style)"
            B.transitioningDelegate = {
              animationControllerForPresented = function() asked = asked + 1 return Animator.new() end,
              animationControllerForDismissed = function() asked = asked + 1 return Animator.new() end,
            }
            A:present(B, false)
            transit.wait(1)
            shown = B.view.window ~= nil
            A:dismiss(false)
            transit.wait(1)
            """)
    }

    /// UIViewControllerTransitioning.h: animateTransition is invoked for a non-animated
    /// transition only with the custom presentation style.
    @Test func aNonAnimatedTransitionAsksTheAnimatorOnlyForTheCustomStyle() throws {
        for style in ["fullScreen", "overFullScreen"] {
            let result = try presentWithoutAnimation(style: style)
            #expect(try result.number("asked") == 0, "\(style)")
            #expect(try result.bool("shown"), "\(style)")
            #expect(try result.text("tostring(B.view.window)") == "nil", "\(style)")
        }
        let custom = try presentWithoutAnimation(style: "custom")
        #expect(try custom.number("asked") == 2)
        #expect(try custom.text("table.concat(calls, ',')")?.contains("animateTransition") == true)
    }

    /// UIKit passes a transition coordinator to viewWillTransition(to:with:) on rotation.
    @Test func rotationPassesATransitionCoordinator() throws {
        let result = try runScene("""
            A = UIViewController.new{ title = "A" }
            function A:viewWillTransitionToSize(size, coordinator)
              coordinator:animateAlongsideTransition(function(c) widthInside = transit.window.bounds.width end,
                function(c) completed = true; cancelled = c.isCancelled end)
              container = coordinator.containerView
            end
            transit.window.rootViewController = A
            transit.rotate("landscapeLeft")
            transit.wait(0.5)
            """)
        #expect(try result.number("widthInside") == 667)
        #expect(try result.bool("completed"))
        #expect(try result.bool("cancelled") == false)
        #expect(try result.bool("container ~= nil"))
    }

    /// UINavigationController: the old controller's viewDidDisappear comes before the new
    /// one's viewDidAppear on push (and pop).
    @Test func pushCallsTheOldControllersViewDidDisappearBeforeTheNewOnesViewDidAppear() throws {
        let result = try runScene(recordingAnimator + """
            events = {}
            local A, B = UIViewController.new{ title = "A" }, UIViewController.new{ title = "B" }
            for _, vc in ipairs({ A, B }) do
              function vc:viewDidAppear() events[#events + 1] = self.title .. ".viewDidAppear" end
              function vc:viewDidDisappear() events[#events + 1] = self.title .. ".viewDidDisappear" end
            end
            nav = UINavigationController.new(A)
            transit.window.rootViewController = nav
            transit.wait(0.1)
            events = {}
            nav.delegate = { animationControllerForOperation = function() return Animator.new() end }
            nav:pushViewController(B, true)
            transit.wait(1)
            nav:popViewController(true)
            transit.wait(1)
            """)
        #expect(try result.text("table.concat(events, ', ')") ==
            "A.viewDidDisappear, B.viewDidAppear, B.viewDidDisappear, A.viewDidAppear")
    }

    /// A controller that is its own transitioning delegate implements the delegate's
    /// presentationController(forPresented:...) yet keeps its presentationController property.
    @Test func aSelfDelegatingControllerKeepsItsPresentationControllerProperty() throws {
        let result = try runScene(recordingAnimator + """
            local Card = UIViewController:subclass("Card")
            function Card:presentationController(presented, presenting) return UIPresentationController.new(presented, presenting) end
            function Card:animationControllerForPresented() return Animator.new() end
            A, B = UIViewController.new{ title = "A" }, Card.new()
            B.modalPresentationStyle = "custom"
            B.transitioningDelegate = B
            transit.window.rootViewController = A
            A:present(B, true)
            transit.wait(1)
            property = B.presentationController
            """)
        #expect(try result.text("tostring(property)")?.contains("UIPresentationController") == true)
        #expect(try result.bool("property.presentedViewController == B"))
    }
}

@Suite struct InsertRelativeToAStrangerTests {
    /// UIKit does not raise for a sibling that is not a subview (DeckTransition relies on it);
    /// the view goes below all subviews, or above all of them (docs/semantics.md).
    @Test func insertBelowOrAboveAViewThatIsNotASubviewPlacesItAtTheBottomOrTop() throws {
        let result = try runScene("""
            local parent = UIView.new()
            local a, b = UIView.new{ name = "a" }, UIView.new{ name = "b" }
            parent:addSubview(a) parent:addSubview(b)
            local stranger = UIView.new{ name = "stranger" }
            local low, high = UIView.new{ name = "low" }, UIView.new{ name = "high" }
            parent:insertSubviewBelow(low, stranger)
            parent:insertSubviewAbove(high, stranger)
            local names = {}
            for _, v in ipairs(parent.subviews) do names[#names + 1] = v.name end
            order = table.concat(names, ",")
            strangerParent = tostring(stranger.superview)
            """)
        #expect(try result.text("order") == "low,a,b,high")
        #expect(try result.text("strangerParent") == "nil")
    }
}

@Suite struct UIKitsOwnStylesTests {
    /// material-motion measured coverVertical on device: a spring of mass 3, stiffness 1000,
    /// damping 500 (ratio 4.56, no overshoot) over 0.5 s.
    @Test func coverVerticalIsUIKitsOverdampedModalSpringOverHalfASecond() throws {
        let result = try runScene("""
            A, B = UIViewController.new{ title = "A" }, UIViewController.new{ title = "B" }
            transit.window.rootViewController = A
            B.modalPresentationStyle = "fullScreen"
            A:present(B, true, function() presentedAt = transit.now() end)
            samples = {}
            for i = 1, 9 do
              transit.wait(0.05)
              samples[i] = 1 - (B.view.layer:presentation().position.y - 333.5) / 667
            end
            transit.wait(1)
            """)
        let spring = Spring.uikit(duration: 0.5, dampingRatio: 500 / (2 * (3.0 * 1000).squareRoot()), initialVelocity: 0)
        for i in 1...9 {
            let expected = spring.value(at: Double(i) * 0.05)
            #expect(abs(try result.number("samples[\(i)]") - expected) < 1e-6, "t = \(Double(i) * 0.05)")
            #expect(try result.number("samples[\(i)]") <= 1)
        }
        #expect(abs(try result.number("presentedAt") - 0.5) < 1e-6)
    }

    /// Apple: UISpringTimingParameters() "sets the damping ratio to 4.56": no overshoot.
    @Test func defaultSpringTimingParametersHaveDampingRatio456AndNeverOvershoot() throws {
        let result = try runScene("""
            local s = UISpringTimingParameters{}
            ratio = s.damping / (2 * math.sqrt(s.mass * s.stiffness))
            peak = 0
            for i = 0, 300 do peak = math.max(peak, s:value(i / 100)) end
            -- The ratio form runs over the animator's duration.
            local v = UIView.new()
            v.alpha = 0
            local animator = UIViewPropertyAnimator.new{ duration = 0.5, timingParameters = UISpringTimingParameters{} }
            animator:addAnimations(function() v.alpha = 1 end)
            animator:addCompletion(function() doneAt = transit.now() end)
            animator:startAnimation()
            transit.wait(1)
            """)
        #expect(abs(try result.number("ratio") - 4.56) < 1e-9)
        #expect(try result.number("peak") <= 1)
        #expect(abs(try result.number("doneAt") - 0.5) < 1e-6)
    }

    /// crossDissolve: "the current view fades out while the new view fades in at the same time".
    @Test func crossDissolveFadesTheOldViewOutWhileTheNewFadesIn() throws {
        let result = try runScene("""
            A, B = UIViewController.new{ title = "A" }, UIViewController.new{ title = "B" }
            transit.window.rootViewController = A
            B.modalPresentationStyle = "fullScreen"
            B.modalTransitionStyle = "crossDissolve"
            A:present(B, true)
            transit.wait(0.175)
            presentOld, presentNew = A.view.layer:presentation().opacity, B.view.layer:presentation().opacity
            transit.wait(1)
            A:dismiss(true)
            transit.wait(0.175)
            dismissOld, dismissNew = B.view.layer:presentation().opacity, A.view.layer:presentation().opacity
            transit.wait(1)
            endAlphas = A.view.alpha + B.view.alpha
            """)
        for (old, new) in [("presentOld", "presentNew"), ("dismissOld", "dismissNew")] {
            let o = try result.number(old), n = try result.number(new)
            #expect(o > 0.05 && o < 0.95, "\(old) = \(o)")
            #expect(abs(o + n - 1) < 1e-6, "\(old) + \(new)")
        }
        #expect(try result.number("endAlphas") == 2)
    }
}

@Suite struct PageSheetTests {
    /// iOS 13+: the presenter's view scales back behind the card while the sheet is up, and
    /// comes back when it is dismissed.
    @Test func pageSheetScalesThePresenterBackBehindTheCard() throws {
        let result = try runScene("""
            A, B = UIViewController.new{ title = "A" }, UIViewController.new{ title = "B" }
            transit.window.rootViewController = A
            B.modalPresentationStyle = "pageSheet"
            A:present(B, true)
            transit.wait(1)
            scaled = A.view.transform.a
            top = A.view:convert(A.view.bounds, transit.window).minY
            A:dismiss(true)
            transit.wait(1)
            restored = A.view.transform.a
            """, device: "iPhone 15")
        #expect(abs(try result.number("scaled") - (393.0 - 32) / 393) < 1e-9)
        #expect(abs(try result.number("top") - 54) < 1e-6)   // the status bar
        #expect(try result.number("restored") == 1)
    }

    /// iOS 13+: pulling the sheet down dismisses it, interactively; a short pull springs back.
    @Test func pullingAPageSheetDownDismissesIt() throws {
        let result = try runScene("""
            A, B = UIViewController.new{ title = "A" }, UIViewController.new{ title = "B" }
            transit.window.rootViewController = A
            B.modalPresentationStyle = "pageSheet"
            A:present(B, true)
            transit.wait(1)
            local function pull(fraction)
              local f = B.view:convert(B.view.bounds, transit.window)
              transit.touch.pan{ from = CGPoint(f.midX, f.minY + 40), to = CGPoint(f.midX, f.minY + 40 + f.height * fraction), duration = 0.6, release = true }
              transit.wait(1.5)
            end
            pull(0.2)
            afterShortPull = B.presentingViewController ~= nil
            pull(0.8)
            afterLongPull = B.presentingViewController ~= nil
            """, device: "iPhone 15")
        #expect(try result.bool("afterShortPull"))
        #expect(try result.bool("afterLongPull") == false)
        #expect(result.world.problems.isEmpty, "\(result.world.problems)")
        #expect(result.world.transitionHistory.contains { $0.wasInteractive && $0.completed == false })
    }

    /// iOS 15: sheetPresentationController exists before presenting; a "medium" detent shows
    /// the sheet at half height; selecting "large" inside animateChanges moves it up.
    @Test func sheetPresentationControllerDetentsSizeTheSheet() throws {
        let result = try runScene("""
            A, B = UIViewController.new{ title = "A" }, UIViewController.new{ title = "B" }
            transit.window.rootViewController = A
            B.modalPresentationStyle = "pageSheet"
            local sheet = B.sheetPresentationController
            sheet.detents = { UISheetPresentationController.Detent.medium(), UISheetPresentationController.Detent.large() }
            A:present(B, true)
            transit.wait(1)
            sameController = B.presentationController == sheet
            mediumTop = B.view.frame.minY
            sheet:animateChanges(function() sheet.selectedDetentIdentifier = "large" end)
            transit.wait(1)
            largeTop = B.view.frame.minY
            fullScreenHasNone = (function()
              local C = UIViewController.new() C.modalPresentationStyle = "fullScreen"
              return C.sheetPresentationController == nil
            end)()
            """, device: "iPhone 15")
        #expect(try result.bool("sameController"))
        #expect(try result.number("mediumTop") == 852.0 / 2)
        #expect(try result.number("largeTop") == 64)  // status bar 54 + 10
        #expect(try result.bool("fullScreenHasNone"))
    }
}

@Suite struct SeedPortTests {
    /// Seed 004 before iOS 8: formSheet + crossDissolve, and its viewWillAppear moves the form
    /// sheet's wrapper (self.view.superview) to (62, 114, 900, 540), rounds it by 10, clips it
    /// and sets a dark gray border colour.
    @Test func seed004OnIOS7StylesTheFormSheetWrapperInViewWillAppear() throws {
        let source = try String(contentsOfFile: packageRoot() + "/scripts/seeds/004_scene.lua", encoding: .utf8)
        let probe = source.replacingOccurrences(of: "transit.wait(1.0)\ntransit.log(\"dismiss\")", with: """
            transit.wait(1.0)
            local wrapper = controller.view.superview
            probe = { frame = wrapper.frame, radius = wrapper.layer.cornerRadius, clips = wrapper.clipsToBounds,
                      border = wrapper.layer.borderColor, content = controller.view.frame, inContainer = wrapper.superview ~= nil,
                      style = controller.modalPresentationStyle, transition = controller.modalTransitionStyle }
            transit.log("dismiss")
            """)
        #expect(probe != source)
        let result = try runScene(probe, device: "iPad landscape", ios: 7)
        #expect(try result.text("tostring(probe.frame)") == "CGRect(62, 114, 900, 540)")
        #expect(try result.number("probe.radius") == 10)
        #expect(try result.bool("probe.clips"))
        #expect(try result.bool("probe.border == UIColor.darkGray"))
        #expect(try result.text("tostring(probe.content)") == "CGRect(0, 0, 900, 540)")
        #expect(try result.text("probe.style .. ' ' .. probe.transition") == "formSheet crossDissolve")
        #expect(result.world.problems.isEmpty, "\(result.world.problems)")
    }
}
