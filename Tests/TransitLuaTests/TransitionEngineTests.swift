import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

@Suite struct CallOrderTests {
    @Test func customPresentationAndDismissalFollowUIKitsOrder() throws {
        let result = try runScene(recordingAnimator + """
            local PC = UIPresentationController:subclass("PC")
            for _, name in ipairs({ "presentationTransitionWillBegin", "dismissalTransitionWillBegin",
                                    "containerViewWillLayoutSubviews", "containerViewDidLayoutSubviews" }) do
              PC[name] = function(self) record(name) end
            end
            function PC:presentationTransitionDidEnd(completed) record("presentationTransitionDidEnd " .. tostring(completed)) end
            function PC:dismissalTransitionDidEnd(completed) record("dismissalTransitionDidEnd " .. tostring(completed)) end
            function PC:presentedView() record("presentedView") return PC.super.presentedView(self) end
            local delegate = {
              presentationController = function(_, presented, presenting) record("presentationController") return PC.new(presented, presenting) end,
              animationControllerForPresented = function() record("animationControllerForPresented") return Animator.new() end,
              animationControllerForDismissed = function() record("animationControllerForDismissed") return Animator.new() end,
              interactionControllerForPresentation = function() record("interactionControllerForPresentation") return nil end,
              interactionControllerForDismissal = function() record("interactionControllerForDismissal") return nil end,
            }
            local A, B = UIViewController.new{ title = "A" }, UIViewController.new{ title = "B" }
            transit.window.rootViewController = A
            B.modalPresentationStyle = "custom"
            B.transitioningDelegate = delegate
            A:present(B, true, function() record("present completion") end)
            record("after present call")
            transit.wait(1)
            calls[#calls + 1] = "--"
            A:dismiss(true, function() record("dismiss completion") end)
            transit.wait(1)
            """)
        let calls = try #require(try result.text("table.concat(calls, ', ')")).components(separatedBy: ", ")
        // presentedView may be called many times (UIKit says so); keep its first call per phase.
        var seen = Set<String>()
        var phase = 0
        let order = calls.filter { name in
            if name == "--" { phase += 1; return true }
            if name == "presentedView" { return seen.insert("presentedView \(phase)").inserted }
            return true
        }
        #expect(order == [
            // The transition begins inside present (docs/semantics.md, "When a transition begins").
            "presentationController", "animationControllerForPresented", "interactionControllerForPresentation",
            "presentationTransitionWillBegin", "presentedView", "transitionDuration", "animateTransition",
            "containerViewWillLayoutSubviews", "containerViewDidLayoutSubviews",
            "after present call",
            "completeTransition", "presentationTransitionDidEnd true", "present completion", "animationEnded true",
            "--",
            "animationControllerForDismissed", "interactionControllerForDismissal",
            "dismissalTransitionWillBegin", "presentedView", "transitionDuration", "animateTransition",
            "completeTransition", "dismissalTransitionDidEnd true", "dismiss completion", "animationEnded true",
        ])
        // The trace records the same calls for `transit run --trace`.
        let hooks = result.world.trace.hooks
        #expect(hooks.contains("presentationTransitionWillBegin") && hooks.contains("animateTransition"))
    }

    @Test func fullScreenRemovesThePresenterAndGivesBothViews() throws {
        let result = try runScene(recordingAnimator + """
            appearance = {}
            local A, B = UIViewController.new{ title = "A" }, UIViewController.new{ title = "B" }
            for _, vc in ipairs({ A, B }) do
              for _, hook in ipairs({ "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear" }) do
                vc[hook] = function(self) appearance[#appearance + 1] = self.title .. "." .. hook end
              end
            end
            transit.window.rootViewController = A
            appearance = {}
            B.modalPresentationStyle = "fullScreen"
            B.transitioningDelegate = { animationControllerForPresented = function() return Animator.new() end,
                                        animationControllerForDismissed = function() return Animator.new() end }
            A:present(B, true)
            transit.wait(1)
            presentObserved = observed
            presenterInWindowAfterPresent = A.view.window ~= nil
            A:dismiss(true)
            transit.wait(1)
            presenterInWindowAfterDismiss = A.view.window ~= nil
            """)
        #expect(try result.bool("presentObserved.fromView ~= nil"))
        #expect(try result.bool("presentObserved.finalFrom == CGRect.zero"))
        #expect(try result.bool("presentObserved.initialTo == CGRect.zero"))
        #expect(try result.bool("presenterInWindowAfterPresent") == false)
        #expect(try result.bool("presenterInWindowAfterDismiss"))
        #expect(try result.bool("observed.toView ~= nil"))
        #expect(try result.text("table.concat(appearance, ' ')") ==
            "A.viewWillDisappear B.viewWillAppear B.viewDidAppear A.viewDidDisappear B.viewWillDisappear A.viewWillAppear A.viewDidAppear B.viewDidDisappear")
    }

    @Test func overFullScreenKeepsThePresenterAndHidesItsView() throws {
        let result = try runScene(recordingAnimator + """
            local A, B = UIViewController.new{ title = "A" }, UIViewController.new{ title = "B" }
            transit.window.rootViewController = A
            B.modalPresentationStyle = "overFullScreen"
            B.transitioningDelegate = { animationControllerForPresented = function() return Animator.new() end,
                                        animationControllerForDismissed = function() return Animator.new() end }
            A:present(B, true)
            transit.wait(1)
            presentObserved = observed
            stillInWindow = A.view.window ~= nil
            A:dismiss(true)
            transit.wait(1)
            """)
        #expect(try result.text("tostring(presentObserved.fromView)") == "nil")
        #expect(try result.text("tostring(presentObserved.finalFrom)") == "CGRect(0, 0, 375, 667)")
        #expect(try result.bool("stillInWindow"))
        #expect(try result.text("tostring(observed.toView)") == "nil")
        #expect(try result.bool("observed.presenting") == false)
    }
}

@Suite struct CustomPresentationTests {
    /// Apple's CustomPresentation sample (docs/sources.md §1.2) on a 375×667 container.
    @Test func applesNumbersHold() throws {
        let result = try runScene("""
            local CustomPresentation = UIPresentationController:subclass("AAPLCustomPresentationController")
            function CustomPresentation:init(presented, presenting) presented.modalPresentationStyle = "custom" end
            function CustomPresentation:presentationTransitionWillBegin()
              self.dimmingView = UIView.new{ frame = self.containerView.bounds, backgroundColor = UIColor.black, name = "dimming" }
              self.dimmingView.alpha = 0
              self.containerView:addSubview(self.dimmingView)
              dimming = self.dimmingView
              self.presentingViewController.transitionCoordinator:animateAlongsideTransition(function() self.dimmingView.alpha = 0.5 end, nil)
            end
            function CustomPresentation:frameOfPresentedViewInContainerView()
              local bounds = self.containerView.bounds
              local height = self.presentedViewController.preferredContentSize.height
              return CGRect(0, bounds.maxY - height, bounds.width, height)
            end
            function CustomPresentation:transitionDuration(ctx) return ctx.isAnimated and 0.35 or 0 end
            function CustomPresentation:animateTransition(ctx)
              local toVC = ctx:viewController("to")
              local isPresenting = toVC.presentingViewController == ctx:viewController("from")
              if isPresenting then
                local toView = ctx:view("to")
                local final = ctx:finalFrame(toVC)
                toView.frame = CGRect(ctx.containerView.bounds.minX, ctx.containerView.bounds.maxY, final.width, final.height)
                initialFrame = toView.frame
                ctx.containerView:addSubview(toView)
                UIView.animate(0.35, function() toView.frame = final end, function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
              else
                local fromView = ctx:view("from")
                UIView.animate(0.35, function() fromView.frame = fromView.frame:offsetBy(0, fromView.frame.height) end,
                  function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
              end
            end
            local A = UIViewController.new{ title = "A" }
            local B = UIViewController.new{ title = "B", preferredContentSize = CGSize(375, 420) }
            transit.window.rootViewController = A
            local pc = CustomPresentation.new(B, A)
            B.transitioningDelegate = {
              presentationController = function() return pc end,
              animationControllerForPresented = function() return pc end,
              animationControllerForDismissed = function() return pc end,
            }
            A:present(B, true)
            transit.wait(0.175)
            halfway = dimming.layer:presentation().opacity
            transit.wait(1)
            finalFrame = B.view.frame
            """)
        #expect(try result.text("tostring(finalFrame)") == "CGRect(0, 247, 375, 420)")
        #expect(try result.text("tostring(initialFrame)") == "CGRect(0, 667, 375, 420)")
        // easeInEaseOut is symmetric: half the duration is half of 0 → 0.5.
        #expect(abs(try result.number("halfway") - 0.25) < 1e-6)
        #expect(try result.number("dimming.alpha") == 0.5)
    }
}

@Suite struct InteractiveTests {
    /// A linear animator of alpha 0 → 1 driven by a percent-driven controller.
    func drive(percent: Double, speed: Double, cancel: Bool) throws -> SceneResult {
        try runScene(recordingAnimator + """
            interaction = UIPercentDrivenInteractiveTransition.new{ completionSpeed = \(speed), completionCurve = "linear" }
            local A, B = UIViewController.new{ title = "A" }, UIViewController.new{ title = "B" }
            transit.window.rootViewController = A
            B.modalPresentationStyle = "custom"
            B.transitioningDelegate = {
              animationControllerForPresented = function() return Animator.new() end,
              interactionControllerForPresentation = function() return interaction end,
            }
            A:present(B, true, function() presentedAt = transit.now() end)
            transit.wait(0.1)
            interaction:update(\(percent))
            scrubbed = B.view.layer:presentation().opacity
            transit.wait(0.1)
            endedFrom = transit.now()
            interaction:\(cancel ? "cancel" : "finish")()
            transit.wait(3)
            completedAfter = (calls[#calls] and transit.now()) and nil
            linked = B.presentingViewController ~= nil
            inWindow = B.view.window ~= nil
            modelAlpha = B.view.alpha
            """)
    }

    @Test(arguments: [0.2, 0.5, 0.8])
    func finishRunsTheRestAtCompletionSpeed(percent: Double) throws {
        let result = try drive(percent: percent, speed: 2, cancel: false)
        #expect(abs(try result.number("scrubbed") - percent) < 1e-9)
        // The rest, (1 − p)·D, at speed 2.
        let expected = 0.2 + (1 - percent) * 0.4 / 2
        #expect(abs(try result.number("presentedAt") - expected) < 1e-9)
        #expect(try result.text("tostring(linked) .. ' ' .. tostring(inWindow)") == "true true")
    }

    @Test(arguments: [0.2, 0.5, 0.8])
    func cancelRunsBackAndRestoresModelValues(percent: Double) throws {
        let result = try drive(percent: percent, speed: 0.5, cancel: true)
        #expect(try result.text("table.concat(calls, ', ')")?.contains("animationEnded false") == true)
        #expect(try result.text("tostring(linked) .. ' ' .. tostring(inWindow)") == "false false")
        #expect(try result.number("modelAlpha") == 0)
        // Cancelled presentations never run the present completion.
        #expect(try result.text("tostring(presentedAt)") == "nil")
        let cancelled = result.world.trace.entries.first { $0.hook == "cancelled" }
        let expected = 0.2 + percent * 0.4 / 0.5
        #expect(abs((cancelled?.time ?? -1) - expected) < 1e-9)
    }
}

@Suite struct ContractTests {
    @Test func neverCallingCompleteTransitionIsReportedAndTheSceneGoesOn() throws {
        let result = try runScene("""
            local Forgetful = NSObject:subclass("ForgetfulAnimator")
            function Forgetful:transitionDuration() return 0.3 end
            function Forgetful:animateTransition(ctx) ctx.containerView:addSubview(ctx:view("to")) end
            local A, B = UIViewController.new(), UIViewController.new()
            transit.window.rootViewController = A
            B.modalPresentationStyle = "custom"
            B.transitioningDelegate = { animationControllerForPresented = function() return Forgetful.new() end }
            A:present(B, true)
            transit.wait(5)
            sceneWentOn = B.presentingViewController == A
            """)
        let problem = try #require(result.world.problems.first)
        #expect(problem.contains("ForgetfulAnimator never called completeTransition"))
        #expect(problem.contains("UIKit would freeze here"))
        #expect(try result.bool("sceneWentOn"))
    }

    @Test func callingCompleteTransitionTwiceIsAProblemAndTheSecondCallIsIgnored() throws {
        let result = try runScene("""
                local Twice = NSObject:subclass("Twice")
                function Twice:transitionDuration() return 0.1 end
                function Twice:animateTransition(ctx)
                  ctx.containerView:addSubview(ctx:view("to"))
                  ctx:completeTransition(true)
                  ctx:completeTransition(true)
                end
                local A, B = UIViewController.new(), UIViewController.new()
                transit.window.rootViewController = A
                B.modalPresentationStyle = "custom"
                B.transitioningDelegate = { animationControllerForPresented = function() return Twice.new() end }
                A:present(B, true)
                transit.wait(1)
                presented = B.presentingViewController == A
                """)
        #expect(result.world.problemRecords.map(\.id) == [.completeCalledTwice])
        #expect(try result.bool("presented"))
    }

    @Test func aViewLeftInTheContainerIsReported() throws {
        let result = try runScene("""
            local Messy = NSObject:subclass("Messy")
            function Messy:transitionDuration() return 0.2 end
            function Messy:animateTransition(ctx)
              ctx.containerView:addSubview(ctx:view("to"))
              ctx.containerView:addSubview(UIView.new{ name = "leftover snapshot", frame = ctx.containerView.bounds,
                backgroundColor = UIColor.black })
              UIView.animate(0.2, function() ctx:view("to").alpha = 1 end, function() ctx:completeTransition(true) end)
            end
            local A, B = UIViewController.new(), UIViewController.new()
            transit.window.rootViewController = A
            B.modalPresentationStyle = "custom"
            B.transitioningDelegate = { animationControllerForPresented = function() return Messy.new() end }
            A:present(B, true)
            transit.wait(1)
            """)
        #expect(result.world.problems.contains { $0.contains("UIView \"leftover snapshot\" was left in the container") })
        #expect(result.world.problemRecords.map(\.id) == [.viewLeftOver])
        #expect(result.world.problemRecords.first?.phase == "present")
    }

    /// Chrome behind the presented view is normal, and so is a snapshot the animator removes in
    /// the same completion, right after completeTransition (CircularRevealKit does this).
    @Test func chromeBehindAndASnapshotRemovedRightAfterCompletionAreNotLeftovers() throws {
        let result = try runScene("""
            local Tidy = NSObject:subclass("Tidy")
            function Tidy:transitionDuration() return 0.2 end
            function Tidy:animateTransition(ctx)
              local container = ctx.containerView
              container:addSubview(UIView.new{ name = "backdrop", frame = container.bounds, backgroundColor = UIColor.black })
              container:addSubview(ctx:view("to"))
              local snapshot = UIView.new{ name = "snapshot", frame = container.bounds, backgroundColor = UIColor.white }
              container:addSubview(snapshot)
              UIView.animate(0.2, function() snapshot.alpha = 0.5 end, function()
                ctx:completeTransition(true)
                snapshot:removeFromSuperview()
              end)
            end
            local A, B = UIViewController.new(), UIViewController.new()
            transit.window.rootViewController = A
            B.modalPresentationStyle = "custom"
            B.transitioningDelegate = { animationControllerForPresented = function() return Tidy.new() end }
            A:present(B, true)
            transit.wait(1)
            """)
        #expect(result.world.problems.isEmpty, "\(result.world.problems)")
    }

    /// Apple's animateTransition docs: the animator adds the to view to the container. A
    /// fullScreen dismissal whose animator leaves the revealed view out is the black screen, judged
    /// at completeTransition on what the animator did, whatever the clean-up does afterwards.
    @Test func aFullScreenDismissalWithoutTheRevealedViewInTheContainerIsTheBlackScreen() throws {
        let result = try runScene("""
            local Slide = NSObject:subclass("Slide")
            function Slide:transitionDuration() return 0.2 end
            function Slide:animateTransition(ctx)
              local toVC = ctx:viewController("to")
              local presenting = toVC.presentingViewController == ctx:viewController("from")
              if presenting then
                local v = ctx:view("to"); v.frame = ctx:finalFrame(toVC); ctx.containerView:addSubview(v)
              else
                ctx:view("to"):removeFromSuperview()   -- never in the container when it completes
              end
              UIView.animate(0.2, function() ctx:view("from").alpha = presenting and 1 or 0 end,
                function() ctx:completeTransition(true) end)
            end
            local A, B = UIViewController.new(), UIViewController.new()
            transit.window.rootViewController = A
            B.modalPresentationStyle = "fullScreen"
            B.transitioningDelegate = { animationControllerForPresented = function() return Slide.new() end,
                                        animationControllerForDismissed = function() return Slide.new() end }
            A:present(B, true)
            transit.wait(0.5)
            B:dismiss(true)
            transit.wait(0.5)
            """)
        #expect(result.world.problemRecords.map(\.id) == [.revealedNotVisible])
        #expect(result.world.problemRecords.first?.phase == "dismiss")
    }

    /// An interaction controller returned for a dismissal that nothing finishes leaves the
    /// transition running when the scene ends.
    @Test func anInteractionNeverFinishedIsStuckAtTheEndOfTheScene() throws {
        let result = try runScene("""
            local Fade = NSObject:subclass("Fade")
            function Fade:transitionDuration() return 0.2 end
            function Fade:animateTransition(ctx)
              local toVC = ctx:viewController("to")
              if toVC.presentingViewController == ctx:viewController("from") then
                local v = ctx:view("to"); v.frame = ctx:finalFrame(toVC); ctx.containerView:addSubview(v)
              end
              UIView.animate(0.2, function() end, function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
            end
            local A, B = UIViewController.new(), UIViewController.new()
            transit.window.rootViewController = A
            B.modalPresentationStyle = "custom"
            local interaction = UIPercentDrivenInteractiveTransition.new()
            B.transitioningDelegate = { animationControllerForPresented = function() return Fade.new() end,
                                        animationControllerForDismissed = function() return Fade.new() end,
                                        interactionControllerForDismissal = function() return interaction end }
            A:present(B, true)
            transit.wait(0.5)
            B:dismiss(true)
            transit.wait(0.1)
            interaction:update(0.5)
            """)
        #expect(result.world.problemRecords.map(\.id) == [.transitionStuck])
        #expect(result.world.problemRecords.first?.phase == "interactive")
    }

    @Test func presentingFromAControllerAlreadyPresentingOrOffScreenIsIgnoredWithUIKitsWarning() throws {
        let result = try runScene("""
            local offScreen = UIViewController.new{ title = "Off" }
            local ran = {}
            offScreen:present(UIViewController.new{ title = "X" }, true, function() ran[#ran + 1] = "off" end)
            A = UIViewController.new{ title = "A" }
            transit.window.rootViewController = A
            B = UIViewController.new{ title = "B" }
            A:present(B, false)
            C = UIViewController.new{ title = "C" }
            A:present(C, false, function() ran[#ran + 1] = "twice" end)
            transit.wait(0.1)
            transit.log(#ran, tostring(A.presentedViewController == B), tostring(C.presentingViewController == nil))
            """)
        #expect(result.warnings == [
            "Attempt to present <UIViewController \"X\"> on <UIViewController \"Off\"> whose view is not in the window hierarchy.",
            "Attempt to present <UIViewController \"C\"> on <UIViewController \"A\"> which is already presenting <UIViewController \"B\">",
        ])
        #expect(result.messages == ["0 true true"])
        #expect(result.world.problemRecords.isEmpty)
        let notes = result.world.trace.entries.filter { $0.kind == .note }.map(\.hook)
        #expect(notes.contains { $0.hasPrefix("warning: Attempt to present <UIViewController \"C\">") })
    }

    @Test func presentingWhileAPresentationOrDismissalIsInProgressIsIgnoredWithUIKitsWarning() throws {
        let result = try runScene("""
            A = UIViewController.new{ title = "A" }
            transit.window.rootViewController = A
            B = UIViewController.new{ title = "B" }
            local ran = 0
            A:present(B, true)
            B:present(UIViewController.new{ title = "C" }, true, function() ran = ran + 1 end)
            transit.wait(1)
            B:dismiss(true)
            A:present(UIViewController.new{ title = "D" }, true, function() ran = ran + 1 end)
            transit.wait(1)
            transit.log(ran, tostring(A.presentedViewController == nil), tostring(B.presentedViewController == nil))
            """)
        #expect(result.warnings == [
            "Attempt to present <UIViewController \"C\"> on <UIViewController \"B\"> (from <UIViewController \"B\">) while a presentation is in progress.",
            "Attempt to present <UIViewController \"D\"> on <UIViewController \"A\"> (from <UIViewController \"A\">) while a dismissal is in progress.",
        ])
        #expect(result.messages == ["0 true true"])
    }

    /// The App Store card's pan handler calls dismiss on every drag event.
    @Test func aSecondDismissDuringADismissalDoesNothing() throws {
        let result = try runScene("""
            A = UIViewController.new{ title = "A" }
            transit.window.rootViewController = A
            B = UIViewController.new{ title = "B" }
            A:present(B, false)
            local done = 0
            B:dismiss(true, function() done = done + 1 end)
            transit.wait(0.05)
            B:dismiss(true, function() done = done + 10 end)
            A:dismiss(true, function() done = done + 100 end)
            transit.wait(1)
            transit.log(done, tostring(A.presentedViewController == nil))
            """)
        #expect(result.messages == ["1 true"])
        #expect(result.warnings.isEmpty)
        #expect(result.world.problemRecords.isEmpty)
    }

    @Test func beforeIOS8TheContextHasNoView() throws {
        let result = try runScene(recordingAnimator.replacingOccurrences(of: "fromView = ctx:view(\"from\"), toView = ctx:view(\"to\"),", with: "hasView = ctx.view ~= nil,")
            .replacingOccurrences(of: "local view = isPresenting and ctx:view(\"to\") or ctx:view(\"from\")", with: "local view = isPresenting and toVC.view or ctx:viewController(\"from\").view") + """
            local A, B = UIViewController.new(), UIViewController.new()
            transit.window.rootViewController = A
            B.modalPresentationStyle = "custom"
            B.transitioningDelegate = { animationControllerForPresented = function() return Animator.new() end }
            A:present(B, true)
            transit.wait(1)
            """, ios: 7)
        #expect(try result.bool("observed.hasView") == false)
    }
}

@Suite struct NavigationTests {
    @Test func delegateAnimatorDrivesPushAndPopWithContextRules() throws {
        let result = try runScene(recordingAnimator + """
            local A = UIViewController.new{ title = "A" }
            local B = UIViewController.new{ title = "B" }
            nav = UINavigationController.new(A)
            transit.window.rootViewController = nav
            operations = {}
            nav.delegate = { animationControllerForOperation = function(_, n, operation, from, to)
              operations[#operations + 1] = operation .. " " .. from.title .. "→" .. to.title
              return Animator.new()
            end }
            nav:pushViewController(B, true)
            transit.wait(1)
            pushObserved = observed
            nav:popViewController(true)
            transit.wait(1)
            """)
        #expect(try result.text("table.concat(operations, ', ')") == "push A→B, pop B→A")
        #expect(try result.bool("pushObserved.finalFrom == CGRect.zero"))
        #expect(try result.bool("pushObserved.fromView ~= nil and pushObserved.toView ~= nil"))
        #expect(try result.text("#nav.viewControllers") == "1")
    }

    /// An animated presentation whose animator calls completeTransition at once (its
    /// animation's completion fired before anything moved) ends at the instant it began: the
    /// run says so, naming the transition; an animator that takes its time does not.
    @Test func aZeroLengthAnimatedTransitionIsReportedAsAWarning() throws {
        let result = try runScene("""
            Instant = NSObject:subclass("Instant")
            function Instant:transitionDuration(ctx) return 0.3 end
            function Instant:animateTransition(ctx)
              ctx.containerView:addSubview(ctx:view("to"))
              UIView.animate(0, function() ctx:view("to").alpha = 1 end)
              ctx:completeTransition(true)
            end
            Slow = NSObject:subclass("Slow")
            function Slow:transitionDuration(ctx) return 0.3 end
            function Slow:animateTransition(ctx)
              ctx.containerView:addSubview(ctx:view("to"))
              UIView.animate(0.3, function() ctx:view("to").alpha = 0.5 end, function() ctx:completeTransition(true) end)
            end
            A = UIViewController.new{ title = "A" }
            transit.window.rootViewController = A
            B = UIViewController.new{ title = "B" }
            B.modalPresentationStyle = "fullScreen"
            B.transitioningDelegate = { animationControllerForPresented = function() return Instant.new() end }
            A:present(B, true)
            transit.wait(1)
            C = UIViewController.new{ title = "C" }
            C.modalPresentationStyle = "fullScreen"
            C.transitioningDelegate = { animationControllerForPresented = function() return Slow.new() end }
            B:present(C, true)
            transit.wait(1)
            """)
        let warnings = result.world.trace.lines.filter { $0.contains("warning: ") && $0.contains("zero-length transition") }
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.contains("presentation of UIViewController \"B\"") == true, "\(warnings)")
    }

    @Test func edgeSwipePopCancelsWhenShortAndFinishesWhenLong() throws {
        let result = try runScene("""
            local A = UIViewController.new{ title = "A" }
            local B = UIViewController.new{ title = "B" }
            nav = UINavigationController.new(A)
            transit.window.rootViewController = nav
            nav:pushViewController(B, false)
            transit.wait(0.5)
            transit.touch.edgePan{ edge = "left", to = 0.2, duration = 0.3 }
            transit.wait(1)
            afterShort = #nav.viewControllers
            transit.touch.edgePan{ edge = "left", to = 0.8, duration = 0.3 }
            transit.wait(1)
            afterLong = #nav.viewControllers
            """)
        #expect(try result.text("afterShort .. ' ' .. afterLong") == "2 1")
        let phases = result.world.transitionHistory.map(\.phase)
        #expect(phases == ["push", "interactive cancel", "interactive finish"])
    }
}

@Suite struct PresentationControllerHookTests {
    @Test func wrapperViewsRotationAndContentSizeReachTheController() throws {
        let result = try runScene(recordingAnimator + """
            local Wrapping = UIPresentationController:subclass("Wrapping")
            log = {}
            function Wrapping:presentationTransitionWillBegin()
              self.wrapper = UIView.new{ name = "wrapper" }
              self.wrapper:addSubview(self.presentedViewController.view)
            end
            function Wrapping:presentedView() return self.wrapper end
            function Wrapping:frameOfPresentedViewInContainerView()
              local b = self.containerView.bounds
              local h = self.presentedViewController.preferredContentSize.height
              return CGRect(0, b.height - h, b.width, h)
            end
            function Wrapping:containerViewWillLayoutSubviews()
              log[#log + 1] = "layout " .. self.containerView.bounds.width
              self.wrapper.frame = self:frameOfPresentedViewInContainerView()
            end
            function Wrapping:preferredContentSizeDidChange(child) log[#log + 1] = "size " .. child.preferredContentSize.height end
            function Wrapping:viewWillTransitionToSize(size) log[#log + 1] = "rotate " .. size.width end
            local A = UIViewController.new{ title = "A" }
            B = UIViewController.new{ title = "B", preferredContentSize = CGSize(0, 300) }
            transit.window.rootViewController = A
            B.modalPresentationStyle = "custom"
            B.transitioningDelegate = {
              presentationController = function(_, presented, presenting) return Wrapping.new(presented, presenting) end,
              animationControllerForPresented = function() return Animator.new() end,
            }
            A:present(B, true)
            transit.wait(1)
            B.preferredContentSize = CGSize(0, 200)
            transit.wait(0.1)
            transit.rotate("landscapeLeft")
            transit.wait(0.1)
            """)
        #expect(try result.text("observed.toView.name") == "wrapper")
        let log = try #require(try result.text("table.concat(log, ', ')"))
        #expect(log.hasPrefix("size 300.0, layout 375.0"))
        #expect(log.contains("size 200.0, layout 375.0"))
        #expect(log.hasSuffix("rotate 667.0, layout 667.0"))
        // After rotation the wrapper follows the new container: 667 wide, 200 high, at the bottom.
        #expect(try result.text("tostring(B.presentationController:presentedView().frame)") == "CGRect(0, 175, 667, 200)")
    }

    @Test func compactWidthAdaptsToFullScreen() throws {
        let result = try runScene(recordingAnimator + """
            local Adaptive = UIPresentationController:subclass("Adaptive")
            function Adaptive:adaptivePresentationStyle(traits) return traits.horizontalSizeClass == "compact" and "fullScreen" or "none" end
            local A, B = UIViewController.new{ title = "A" }, UIViewController.new{ title = "B" }
            transit.window.rootViewController = A
            B.modalPresentationStyle = "custom"
            B.transitioningDelegate = {
              presentationController = function(_, p, q) return Adaptive.new(p, q) end,
              animationControllerForPresented = function() return Animator.new() end,
            }
            A:present(B, true)
            transit.wait(1)
            style = B.presentationController.presentationStyle
            presenterGone = A.view.window == nil
            """)
        #expect(try result.text("style .. ' ' .. tostring(presenterGone)") == "fullScreen true")
    }
}

@Suite struct CoordinatorAndInterruptibleTests {
    @Test func interactionChangeIsNotifiedBeforeTheAppearanceSwap() throws {
        let result = try runScene(recordingAnimator + """
            events = {}
            interaction = UIPercentDrivenInteractiveTransition.new()
            local A = UIViewController.new{ title = "A" }
            local B = UIViewController.new{ title = "B" }
            function B:viewWillDisappear() events[#events + 1] = "B.viewWillDisappear" end
            transit.window.rootViewController = A
            B.modalPresentationStyle = "custom"
            B.transitioningDelegate = {
              animationControllerForPresented = function() return Animator.new() end,
              interactionControllerForPresentation = function() return interaction end,
            }
            A:present(B, true)
            transit.wait(0.05)
            B.transitionCoordinator:notifyWhenInteractionChanges(function(c)
              events[#events + 1] = "interaction ended, cancelled=" .. tostring(c.isCancelled)
            end)
            B.transitionCoordinator:animateAlongsideTransition(nil, function(c) events[#events + 1] = "alongside completion " .. tostring(c.isCancelled) end)
            interaction:update(0.4)
            interaction:cancel()
            transit.wait(1)
            """)
        #expect(try result.text("table.concat(events, ', ')") ==
            "interaction ended, cancelled=true, B.viewWillDisappear, alongside completion true")
    }

    @Test func interruptibleAnimatorIsScrubbedAndContinued() throws {
        let result = try runScene("""
            local Interruptible = NSObject:subclass("Interruptible")
            function Interruptible:transitionDuration() return 0.5 end
            function Interruptible:interruptibleAnimator(ctx)
              if self.animator then return self.animator end
              local view = ctx:view("to")
              ctx.containerView:addSubview(view)
              view.alpha = 0
              self.animator = UIViewPropertyAnimator.new{ duration = 0.5, curve = "linear" }
              self.animator:addAnimations(function() view.alpha = 1 end)
              self.animator:addCompletion(function(position) ctx:completeTransition(position == "end") end)
              return self.animator
            end
            function Interruptible:animateTransition(ctx) self:interruptibleAnimator(ctx):startAnimation() end
            interaction = UIPercentDrivenInteractiveTransition.new()
            local A = UIViewController.new{ title = "A" }
            B = UIViewController.new{ title = "B" }
            transit.window.rootViewController = A
            B.modalPresentationStyle = "custom"
            local animator = Interruptible.new()
            B.transitioningDelegate = {
              animationControllerForPresented = function() return animator end,
              interactionControllerForPresentation = function() return interaction end,
            }
            A:present(B, true, function() finishedAt = transit.now() end)
            transit.wait(0.1)
            interaction:update(0.5)
            scrubbed = B.view.layer:presentation().opacity
            interaction:finish()
            transit.wait(2)
            """)
        #expect(abs(try result.number("scrubbed") - 0.5) < 1e-9)
        // The remaining half of 0.5 s at completion speed 1.
        #expect(abs(try result.number("finishedAt") - 0.35) < 1e-6)
    }
}

@Suite struct SystemStyleCallOrderTests {
    /// The hooks of interest, in trace order, with repeated presentedView calls collapsed.
    func order(style: String) throws -> [String] {
        let result = try runScene(recordingAnimator + """
            local A, B = UIViewController.new{ title = "A" }, UIViewController.new{ title = "B" }
            transit.window.rootViewController = A
            B.modalPresentationStyle = "\(style)"
            B.transitioningDelegate = {
              presentationController = function() error("only custom presentations ask for a presentation controller") end,
              animationControllerForPresented = function() return Animator.new() end,
              animationControllerForDismissed = function() return Animator.new() end,
            }
            A:present(B, true)
            transit.wait(1)
            A:dismiss(true)
            transit.wait(1)
            """)
        let interesting: Set<String> = [
            "animationControllerForPresented", "animationControllerForDismissed", "presentationTransitionWillBegin",
            "presentationTransitionDidEnd", "dismissalTransitionWillBegin", "dismissalTransitionDidEnd", "presentedView",
            "transitionDuration", "animateTransition", "containerViewWillLayoutSubviews", "animationEnded", "completed",
        ]
        // presentedView "may be called many times" (UIKit): keep the first of each phase.
        var hooks: [String] = []
        for entry in result.world.trace.entries where interesting.contains(entry.hook) {
            if entry.hook == "presentedView" && hooks.last != "presentationTransitionWillBegin" && hooks.last != "dismissalTransitionWillBegin" { continue }
            hooks.append(entry.hook)
        }
        return hooks
    }

    @Test(arguments: ["fullScreen", "overFullScreen"])
    func presentAndDismissFollowUIKitsOrder(style: String) throws {
        // Full screen gives the presenter's view back as view("to"); the animator adding it to
        // the container lays the container out; overFullScreen never took it out.
        let dismissalLayout = style == "fullScreen" ? ["containerViewWillLayoutSubviews"] : []
        #expect(try order(style: style) == [
            "animationControllerForPresented", "presentationTransitionWillBegin", "presentedView", "transitionDuration",
            "animateTransition", "containerViewWillLayoutSubviews", "completed", "presentationTransitionDidEnd", "animationEnded",
            "animationControllerForDismissed", "dismissalTransitionWillBegin", "presentedView", "transitionDuration",
            "animateTransition"] + dismissalLayout + ["completed", "dismissalTransitionDidEnd", "animationEnded",
        ])
    }
}

/// Mistakes in scripts that the engine meets while time passes: each is one clear error at the
/// scene line that was waiting, never a crash or a silent no-op.
@Suite struct EngineMistakeTests {
    static let cases: [(script: String, expected: String)] = [
        ("B.transitioningDelegate = { animationControllerForPresented = function() return 5 end }",
         "animationControllerForPresented must return an animator (a table or object) or nil (got 5)"),
        ("B.transitioningDelegate = { animationControllerForPresented = function() return { transitionDuration = function() return 'x' end, animateTransition = function() end } end }",
         "transitionDuration must return a finite number ≥ 0 (got \"x\")"),
        ("B.transitioningDelegate = { presentationController = function() return UIView.new() end }",
         "presentationController must return a UIPresentationController or nil (got UIView)"),
        ("B.transitioningDelegate = setmetatable({}, { __index = function() error('boom') end })",
         "looking up presentationControllerForPresented on Lua table failed"),
        ("B.transitioningDelegate = { animationControllerForPresented = function() return {} end }",
         "has no animateTransition"),
    ]

    @Test(arguments: 0..<cases.count)
    func mistakesAreReportedAtTheWaitingLine(index: Int) throws {
        let mistake = Self.cases[index]
        do {
            _ = try runScene("""
                local A, B = UIViewController.new(), UIViewController.new()
                transit.window.rootViewController = A
                B.modalPresentationStyle = "custom"
                \(mistake.script)
                A:present(B, true)
                transit.wait(1)
                """)
            Issue.record("expected an error for: \(mistake.script)")
        } catch let error as ScriptError {
            #expect(error.message.contains(mistake.expected), "\(error.message)")
            #expect(error.message.contains("scene.lua:"))
        }
    }
}
