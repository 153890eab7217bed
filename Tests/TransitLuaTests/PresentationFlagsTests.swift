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
