import Testing
@testable import TransitCore
@testable import TransitLua

/// What the screen holds after a dismissal, as on iOS.
@Suite struct DismissalCleanUpTests {
    func dismiss(addsToView: Bool) throws -> SceneResult {
        try runScene(slideDownAnimator(addsToView: addsToView) + """
            A, B = UIViewController.new{ title = "A" }, UIViewController.new{ title = "B" }
            transit.window.rootViewController = A
            B.modalPresentationStyle = "fullScreen"
            B.transitioningDelegate = {
              animationControllerForPresented = function() return Slide.new() end,
              animationControllerForDismissed = function() return Slide.new() end,
            }
            A:present(B, true)
            transit.wait(1)
            A:dismiss(true)
            transit.wait(1)
            presenterInWindow = A.view.window ~= nil
            windowViews = #transit.window.subviews
            presentedRemoved = B.view.superview == nil
            C = UIViewController.new{ title = "C" }
            A:present(C, false)
            transit.wait(0.5)
            cPresented = C.presentingViewController == A
            """)
    }

    @Test func aFullScreenDismissalWhoseAnimatorForgetsTheRevealedViewLeavesTheScreenBlack() throws {
        let result = try dismiss(addsToView: false)
        // Nothing is in the window: the frames show its black background, as iOS does.
        #expect(try result.bool("presenterInWindow") == false)
        #expect(try result.number("windowViews") == 0)
        #expect(try result.bool("presentedRemoved"))
        // The problem is still reported, and the presenter, out of the window, cannot present.
        #expect(result.world.problemRecords.map(\.id) == [.revealedNotVisible], "\(result.world.problems)")
        #expect(try result.bool("cPresented") == false)
        #expect(result.warnings.contains { $0.contains("whose view is not in the window hierarchy") }, "\(result.warnings)")
    }

    @Test func aFullScreenDismissalWhoseAnimatorAddsTheRevealedViewPutsItBack() throws {
        let result = try dismiss(addsToView: true)
        #expect(try result.bool("presenterInWindow"))
        #expect(try result.bool("presentedRemoved"))
        #expect(try result.bool("cPresented"))
        #expect(result.world.problems.isEmpty, "\(result.world.problems)")
    }

    /// An animator that moves the presented view out of the container (into the presenter's
    /// view, as a card returning to its cell) still sees it removed when the dismissal ends.
    @Test(arguments: ["custom", "overFullScreen", "pageSheet"])
    func afterADismissalThePresentedViewIsRemovedWhateverTheStyle(style: String) throws {
        let result = try runScene("""
            Mover = NSObject:subclass("Mover")
            function Mover:transitionDuration(ctx) return 0.3 end
            function Mover:animateTransition(ctx)
              local toVC = ctx:viewController("to")
              if toVC.presentingViewController == ctx:viewController("from") then
                local v = ctx:view("to"); v.frame = ctx:finalFrame(toVC); ctx.containerView:addSubview(v)
              else
                A.view:addSubview(B.view)   -- out of the container
              end
              UIView.animate(0.3, function() end, function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
            end
            A, B = UIViewController.new{ title = "A" }, UIViewController.new{ title = "B" }
            transit.window.rootViewController = A
            B.modalPresentationStyle = "\(style)"
            B.transitioningDelegate = { animationControllerForPresented = function() return Mover.new() end,
                                        animationControllerForDismissed = function() return Mover.new() end }
            A:present(B, true)
            transit.wait(1)
            B:dismiss(true)
            transit.wait(1)
            removed = B.view.superview == nil
            """)
        #expect(try result.bool("removed"))
    }
}
