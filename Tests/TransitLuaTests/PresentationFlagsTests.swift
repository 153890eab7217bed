import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

// The flags UIKit documents for use in the appearance callbacks (UIViewController.h:
// isBeingPresented / isBeingDismissed "in viewWillAppear:... viewDidAppear:" and the
// disappear pair; isMovingToParent / isMovingFromParent likewise), read from Lua scenes.

/// A controller class recording, in each appearance callback, the four flags as
/// "title.hook P D T F" (1 = true, 0 = false).
private let flagRecorder = """
calls = {}
local function bit(b) return b and "1" or "0" end
Flags = UIViewController:subclass("Flags")
for _, hook in ipairs({ "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear" }) do
  Flags[hook] = function(self, animated)
    calls[#calls + 1] = self.title .. "." .. hook .. " " .. bit(self.isBeingPresented) .. bit(self.isBeingDismissed)
      .. bit(self.isMovingToParent) .. bit(self.isMovingFromParent)
  end
end
function flags(vc) return bit(vc.isBeingPresented) .. bit(vc.isBeingDismissed) .. bit(vc.isMovingToParent) .. bit(vc.isMovingFromParent) end
function calls.text() return table.concat(calls, ", ") end

"""

@Suite struct PresentationFlagsTests {
    @Test func isBeingPresentedAndIsBeingDismissedAreTrueInTheAppearanceCallbacksOfTheirTransition() throws {
        let result = try runScene(flagRecorder + """
            A = UIViewController.new{ title = "A" }
            transit.window.rootViewController = A
            B = Flags.new{ title = "B" }
            B.modalPresentationStyle = "fullScreen"
            A:present(B, true, function() calls[#calls + 1] = "presented " .. flags(B) end)
            transit.wait(1)
            B:dismiss(true, function() calls[#calls + 1] = "dismissed " .. flags(B) end)
            transit.wait(1)
            """)
        #expect(try result.text("calls.text()") == "B.viewWillAppear 1000, B.viewDidAppear 1000, presented 0000, B.viewWillDisappear 0100, B.viewDidDisappear 0100, dismissed 0000")
    }

    @Test func isMovingToParentAndFromParentAreTrueInTheAppearanceCallbacksOfAPushAndAPop() throws {
        let result = try runScene(flagRecorder + """
            A = Flags.new{ title = "A" }
            B = Flags.new{ title = "B" }
            nav = UINavigationController.new(A)
            transit.window.rootViewController = nav
            transit.wait(0.1)
            calls = { text = calls.text }
            nav:pushViewController(B, true)
            transit.wait(1)
            calls[#calls + 1] = "pushed " .. flags(B)
            nav:popViewController(true)
            transit.wait(1)
            calls[#calls + 1] = "popped " .. flags(B)
            """)
        #expect(try result.text("calls.text()") == "A.viewWillDisappear 0000, B.viewWillAppear 0010, A.viewDidDisappear 0000, B.viewDidAppear 0010, pushed 0000, B.viewWillDisappear 0001, A.viewWillAppear 0000, B.viewDidDisappear 0001, A.viewDidAppear 0000, popped 0000")
    }

    /// UIKit sets isMovingToParent from addChild until didMove(toParent:), and
    /// isMovingFromParent from willMove(toParent: nil) until removeFromParent.
    @Test func isMovingToParentAndFromParentAreTrueDuringAddChildAndRemoveFromParent() throws {
        let result = try runScene(flagRecorder + """
            Child = UIViewController:subclass("Child")
            function Child:willMoveToParent(p)
              Child.super.willMoveToParent(self, p)
              calls[#calls + 1] = "will " .. tostring(p ~= nil) .. " " .. flags(self)
            end
            function Child:didMoveToParent(p)
              calls[#calls + 1] = "did " .. tostring(p ~= nil) .. " " .. flags(self)
              Child.super.didMoveToParent(self, p)
            end
            P = UIViewController.new{ title = "P" }
            C = Child.new{ title = "C" }
            P:addChild(C)
            calls[#calls + 1] = "added " .. flags(C)
            P.view:addSubview(C.view)
            C:didMoveToParent(P)
            calls[#calls + 1] = "moved " .. flags(C)
            C:willMoveToParent(nil)
            calls[#calls + 1] = "leaving " .. flags(C)
            C.view:removeFromSuperview()
            C:removeFromParent()
            calls[#calls + 1] = "removed " .. flags(C)
            """)
        #expect(try result.text("calls.text()") == "will true 0010, added 0010, did true 0010, moved 0000, will false 0001, leaving 0001, did false 0001, removed 0000")
    }

    /// A plain controller (no overrides) gets the same flags through UIKit's implementations.
    @Test func willAndDidMoveToParentWithoutOverridesSetAndClearTheMovingFlags() throws {
        let result = try runScene(flagRecorder + """
            P = UIViewController.new{ title = "P" }
            C = UIViewController.new{ title = "C" }
            P:addChild(C)
            calls[#calls + 1] = flags(C)
            C:didMoveToParent(P)
            calls[#calls + 1] = flags(C)
            C:willMoveToParent(nil)
            calls[#calls + 1] = flags(C)
            C:removeFromParent()
            calls[#calls + 1] = flags(C)
            """)
        #expect(try result.text("calls.text()") == "0010, 0000, 0001, 0000")
    }
}

/// A dismissal animator recording which controllers it was asked to move.
private let stackScene = """
log = {}
Slide = NSObject:subclass("Slide")
function Slide:transitionDuration() return 0.3 end
function Slide:animateTransition(ctx)
  local from, to = ctx:viewController("from"), ctx:viewController("to")
  log[#log + 1] = "animate " .. from.title .. " to " .. to.title
  local toView = ctx:view("to")
  if toView then ctx.containerView:insertSubview(toView, 0) end
  UIView.animate(0.3, function() ctx:view("from").alpha = 0 end,
    function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
end
Rec = UIViewController:subclass("Rec")
for _, hook in ipairs({ "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear" }) do
  Rec[hook] = function(self) log[#log + 1] = self.title .. "." .. hook end
end
local delegate = { animationControllerForDismissed = function() return Slide.new() end }
A = Rec.new{ title = "A" }
transit.window.rootViewController = A
B = Rec.new{ title = "B" }
C = Rec.new{ title = "C" }
B.modalPresentationStyle = "fullScreen"
C.modalPresentationStyle = "fullScreen"
B.transitioningDelegate = delegate
C.transitioningDelegate = delegate
A:present(B, false)
B:present(C, false)
transit.wait(0.1)
log = {}

"""

@Suite struct PresentationStackTests {
    /// Apple: "calling this method on a view controller lower in the stack dismisses its immediate
    /// child view controller and all view controllers above that child on the stack. ... only the
    /// top-most view is dismissed in an animated fashion; any intermediate view controllers are
    /// simply removed from the stack."
    @Test func dismissingFromLowerInTheStackDismissesEveryControllerAboveAnimatingOnlyTheTopOne() throws {
        let result = try runScene(stackScene + """
            local done = 0
            A:dismiss(true, function() done = done + 1 end)
            transit.wait(1)
            log[#log + 1] = "completions " .. done
            log[#log + 1] = tostring(A.presentedViewController == nil and B.presentingViewController == nil
              and B.presentedViewController == nil and C.presentingViewController == nil)
            log[#log + 1] = "window " .. #transit.window.subviews .. " " .. tostring(transit.window.subviews[1] == A.view)
            """)
        #expect(try result.text("table.concat(log, ', ')") == "C.viewWillDisappear, A.viewWillAppear, animate C to A, A.viewDidAppear, C.viewDidDisappear, completions 1, true, window 1 true")
        #expect(result.world.problemRecords.isEmpty, "\(result.world.problemRecords.map(\.message))")
    }

    /// The presenting controller dismisses what it presented: B, which presents C, dismisses C.
    @Test func dismissOnAPresentedControllerThatPresentsDismissesTheOneItPresented() throws {
        let result = try runScene(stackScene + """
            B:dismiss(true)
            transit.wait(1)
            log[#log + 1] = tostring(A.presentedViewController == B and B.presentedViewController == nil and C.presentingViewController == nil)
            """)
        #expect(try result.text("table.concat(log, ', ')") == "C.viewWillDisappear, B.viewWillAppear, animate C to B, B.viewDidAppear, C.viewDidDisappear, true")
    }

    /// An intermediate still on screen (the top one is a sheet over it) disappears at once, without
    /// animation, and the view it covered is back behind the top one for its dismissal.
    @Test func anIntermediateUnderASheetIsRemovedAtOnceAndTheRevealedViewIsBackBehindTheTopOne() throws {
        let result = try runScene(stackScene.replacingOccurrences(of: "C.modalPresentationStyle = \"fullScreen\"", with: "C.modalPresentationStyle = \"pageSheet\"")
            .replacingOccurrences(of: "C.transitioningDelegate = delegate", with: "") + """
            A:dismiss(true)
            log[#log + 1] = "B.window " .. tostring(B.view.window ~= nil) .. ", A.window " .. tostring(A.view.window ~= nil)
            transit.wait(1)
            log[#log + 1] = "window " .. #transit.window.subviews .. " " .. tostring(transit.window.subviews[1] == A.view)
            """)
        #expect(try result.text("table.concat(log, ', ')") == "B.viewWillDisappear, B.viewDidDisappear, A.viewWillAppear, C.viewWillDisappear, B.window false, A.window true, A.viewDidAppear, C.viewDidDisappear, window 1 true")
        #expect(result.world.problemRecords.isEmpty, "\(result.world.problemRecords.map(\.message))")
    }
}

@Suite struct InteractiveCoordinatorTests {
    /// The standard pattern: viewWillAppear of the controller an edge swipe reveals reads an
    /// interactive coordinator and registers notifyWhenInteractionChanges, which runs when the
    /// finger lifts (UIViewControllerTransitionCoordinator.h: initiallyInteractive never changes).
    @Test func duringAnInteractivePopViewWillAppearSeesAnInteractiveCoordinatorWhoseInteractionChangeHandlerRuns() throws {
        let result = try runScene("""
            log = {}
            Lower = UIViewController:subclass("Lower")
            function Lower:viewWillAppear(animated)
              local c = self.transitionCoordinator
              if not c then log[#log + 1] = "no coordinator" return end
              log[#log + 1] = "willAppear " .. tostring(c.isInteractive) .. " " .. tostring(c.initiallyInteractive)
              c:notifyWhenInteractionChanges(function(ctx)
                log[#log + 1] = "interaction ended cancelled=" .. tostring(ctx.isCancelled) .. " " .. tostring(ctx.initiallyInteractive)
              end)
            end
            local A = Lower.new{ title = "A" }
            nav = UINavigationController.new(A)
            transit.window.rootViewController = nav
            nav:pushViewController(UIViewController.new{ title = "B" }, false)
            transit.wait(0.5)
            log = {}
            transit.touch.edgePan{ edge = "left", to = 0.2, duration = 0.3 }
            transit.wait(1)
            transit.touch.edgePan{ edge = "left", to = 0.8, duration = 0.3 }
            transit.wait(1)
            """)
        #expect(try result.text("table.concat(log, ', ')") == "willAppear true true, interaction ended cancelled=true true, willAppear true true, interaction ended cancelled=false true")
    }

    /// A pop that is not interactive reads false in the same place.
    @Test func duringAnAnimatedPopWithoutInteractionTheCoordinatorIsNotInteractive() throws {
        let result = try runScene("""
            log = {}
            Lower = UIViewController:subclass("Lower")
            function Lower:viewWillAppear(animated)
              local c = self.transitionCoordinator
              if c then log[#log + 1] = tostring(c.isInteractive) .. " " .. tostring(c.initiallyInteractive) end
            end
            nav = UINavigationController.new(Lower.new{ title = "A" })
            transit.window.rootViewController = nav
            nav:pushViewController(UIViewController.new{ title = "B" }, false)
            transit.wait(0.5)
            log = {}
            nav:popViewController(true)
            transit.wait(1)
            """)
        #expect(try result.text("table.concat(log, ', ')") == "false false")
    }

    /// UIKit's order for a cancelled interactive pop: current will-disappear, new will-appear,
    /// then new will-disappear, new did-disappear, current will-appear, current did-appear.
    @Test func aCancelledInteractivePopCallsTheNewControllersDisappearanceThenTheCurrentOnesAppearance() throws {
        let result = try runScene("""
            log = {}
            Rec = UIViewController:subclass("Rec")
            for _, hook in ipairs({ "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear" }) do
              Rec[hook] = function(self) log[#log + 1] = self.title .. "." .. hook end
            end
            nav = UINavigationController.new(Rec.new{ title = "New" })
            transit.window.rootViewController = nav
            nav:pushViewController(Rec.new{ title = "Current" }, false)
            transit.wait(0.5)
            log = {}
            transit.touch.edgePan{ edge = "left", to = 0.2, duration = 0.3 }
            transit.wait(1)
            log[#log + 1] = "stack " .. #nav.viewControllers
            """)
        #expect(try result.text("table.concat(log, ', ')") == "Current.viewWillDisappear, New.viewWillAppear, New.viewWillDisappear, New.viewDidDisappear, Current.viewWillAppear, Current.viewDidAppear, stack 2")
    }
}
