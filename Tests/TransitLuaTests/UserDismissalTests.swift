import Testing
@testable import TransitCore
@testable import TransitLua

/// iOS 13's dismissal by the user (UIAdaptivePresentationControllerDelegate and
/// isModalInPresentation), driven by the system sheet's pull.
@Suite struct UserDismissalTests {
    /// A sheet presented by A, a delegate that records its calls in `calls`, and `pull(f)`, a
    /// drag down a fraction f of the sheet's height.
    static func scene(style: String = "pageSheet", setUp: String = "", delegate: String = "") -> String {
        """
        A, B = UIViewController.new{ title = "A" }, UIViewController.new{ title = "B" }
        transit.window.rootViewController = A
        B.modalPresentationStyle = "\(style)"
        calls = {}
        Delegate = NSObject:subclass("Delegate")
        function Delegate:presentationControllerShouldDismiss(pc) calls[#calls + 1] = "should" return answer ~= false end
        function Delegate:presentationControllerWillDismiss(pc)
          calls[#calls + 1] = "will"
          coordinatorInWill = B.transitionCoordinator ~= nil
          samePC = pc == B.presentationController
        end
        function Delegate:presentationControllerDidDismiss(pc) calls[#calls + 1] = "did" presentedInDid = B.presentingViewController ~= nil end
        function Delegate:presentationControllerDidAttemptToDismiss(pc) calls[#calls + 1] = "attempted" end
        \(delegate)
        \(setUp)
        A:present(B, true)
        transit.wait(1)
        B.presentationController.delegate = Delegate.new()
        function pull(fraction)
          local f = B.view:convert(B.view.bounds, transit.window)
          transit.touch.pan{ from = CGPoint(f.midX, f.minY + 40), to = CGPoint(f.midX, f.minY + 40 + f.height * fraction), duration = 0.6, release = true }
          transit.wait(1.5)
        end

        """
    }

    @Test(arguments: ["pageSheet", "formSheet", "automatic"])
    func pullingASheetAwayAsksTheDelegateThenTellsItWillAndDidDismiss(style: String) throws {
        let result = try runScene(Self.scene(style: style) + """
            pull(0.8)
            dismissed = B.presentingViewController == nil
            """, device: "iPhone 15")
        #expect(try result.text("table.concat(calls, ' ')") == "should will did")
        #expect(try result.bool("dismissed"))
        #expect(try result.bool("coordinatorInWill"))
        #expect(try result.bool("samePC"))
        #expect(try result.bool("presentedInDid") == false)
        #expect(result.world.problems.isEmpty, "\(result.world.problems)")
    }

    @Test func aPullThatSpringsBackIsNotADismissal() throws {
        let result = try runScene(Self.scene() + """
            pull(0.2)
            presented = B.presentingViewController ~= nil
            """, device: "iPhone 15")
        #expect(try result.text("table.concat(calls, ' ')") == "should will")
        #expect(try result.bool("presented"))
    }

    @Test func aDelegateThatRefusesKeepsTheSheetAndIsToldOfTheAttempt() throws {
        let result = try runScene(Self.scene(setUp: "answer = false") + """
            local top = B.view.frame.minY
            -- Sample the sheet while the finger is down: it gives a little, no more.
            gave = 0
            local link = CADisplayLink.new(function() gave = math.max(gave, B.view.frame.minY - top) end)
            link:add(RunLoop.main, "common")
            pull(0.8)
            link:invalidate()
            presented = B.presentingViewController ~= nil
            settled = B.view.frame.minY == top
            """, device: "iPhone 15")
        #expect(try result.text("table.concat(calls, ' ')") == "should attempted")
        #expect(try result.bool("presented"))
        #expect(try result.bool("settled"))
        let gave = try result.number("gave")
        #expect(gave > 0 && gave <= 60)
        #expect(result.world.transitionHistory.filter { $0.kind == .dismissal }.isEmpty)
    }

    @Test func isModalInPresentationRefusesThePullWithoutAskingTheDelegate() throws {
        let result = try runScene(Self.scene() + """
            B.isModalInPresentation = true
            pull(0.8)
            presented = B.presentingViewController ~= nil
            """, device: "iPhone 15")
        #expect(try result.text("table.concat(calls, ' ')") == "attempted")
        #expect(try result.bool("presented"))
    }

    @Test func aProgrammaticDismissCallsNoneOfTheUserDismissalHooks() throws {
        let result = try runScene(Self.scene() + """
            B:dismiss(true)
            transit.wait(1)
            dismissed = B.presentingViewController == nil
            """, device: "iPhone 15")
        #expect(try result.text("table.concat(calls, ' ')") == "")
        #expect(try result.bool("dismissed"))
    }

    @Test func presentationControllerShouldDismissMustReturnABoolean() throws {
        let error = #expect(throws: ScriptError.self) {
            try runScene(Self.scene(delegate: "function Delegate:presentationControllerShouldDismiss(pc) return 1 end") + "pull(0.8)", device: "iPhone 15")
        }
        // Line 14 defines the delegate's answer.
        #expect(error?.message.contains("scene.lua:14: presentationControllerShouldDismiss must return a boolean (got 1)") == true, "\(String(describing: error))")
    }
}

/// `presentationController` read before presenting (Apple: "accessing this property creates a
/// presentation controller based on the current value in the modalPresentationStyle property").
@Suite struct EarlyPresentationControllerTests {
    @Test func readingPresentationControllerBeforePresentingMakesTheOneThePresentationUses() throws {
        let result = try runScene("""
            A = UIViewController.new{ title = "A" }
            transit.window.rootViewController = A
            Sheet = UIViewController:subclass("Sheet")
            calls = {}
            function Sheet:viewDidLoad()
              early = self.presentationController
              early.delegate = { presentationControllerShouldDismiss = function(_, pc) calls[#calls + 1] = "should" return false end,
                                 presentationControllerDidAttemptToDismiss = function(_, pc) calls[#calls + 1] = "attempted" end }
            end
            B = Sheet.new()
            B.modalPresentationStyle = "formSheet"
            local _ = B.view   -- viewDidLoad, before presenting
            earlyStyle = early.presentationStyle
            sameAsSheet = B.sheetPresentationController == early
            A:present(B, true)
            transit.wait(1)
            same = B.presentationController == early
            presenterFixed = early.presentingViewController == A
            local f = B.view:convert(B.view.bounds, transit.window)
            transit.touch.pan{ from = CGPoint(f.midX, f.minY + 40), to = CGPoint(f.midX, f.minY + 400), duration = 0.6 }
            transit.wait(1.5)
            """, device: "iPhone 15")
        #expect(try result.text("earlyStyle") == "formSheet")
        #expect(try result.bool("sameAsSheet"))
        #expect(try result.bool("same"))
        #expect(try result.bool("presenterFixed"))
        // The delegate set in viewDidLoad is the one the sheet's pull asks.
        #expect(try result.text("table.concat(calls, ' ')") == "should attempted")
    }

    @Test func readingPresentationControllerBeforePresentingFollowsTheStyle() throws {
        let result = try runScene("""
            A = UIViewController.new{ title = "A" }
            transit.window.rootViewController = A
            B = UIViewController.new{ title = "B" }
            B.modalPresentationStyle = "overFullScreen"
            early = B.presentationController
            earlyStyle = early.presentationStyle
            C = UIViewController.new{ title = "C" }
            C.modalPresentationStyle = "custom"
            customIsNil = C.presentationController == nil
            A:present(B, false)
            transit.wait(0.5)
            same = B.presentationController == early
            """)
        #expect(try result.text("earlyStyle") == "overFullScreen")
        #expect(try result.bool("customIsNil"))
        #expect(try result.bool("same"))
    }
}
