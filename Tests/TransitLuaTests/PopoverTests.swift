import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

/// UIModalPresentationStyle.popover: UIPopoverPresentationController and scripts/system/popover.lua
/// (docs/semantics.md, "Popovers").
@Suite struct PopoverTests {
    /// A on screen with a 80 × 40 button at `at`; B to be presented as a popover from it.
    private func scene(_ body: String, at: String = "CGRect(100, 200, 80, 40)") -> String {
        """
        A = UIViewController.new{ title = "A" }
        B = UIViewController.new{ title = "B" }
        transit.window.rootViewController = A
        button = UIView.new{ frame = \(at), name = "button" }
        A.view:addSubview(button)
        B.modalPresentationStyle = "popover"
        \(body)
        """
    }

    private let present = """

        A:present(B, true)
        transit.wait(1)
        """

    /// Apple: "UIKit creates an instance of this class automatically when you present a view
    /// controller using the popover style. You can retrieve that instance from the presented view
    /// controller's popoverPresentationController property" — and, as for
    /// presentationController, before presenting: the presentation uses that object.
    @Test func popoverPresentationControllerExistsBeforePresentingAndIsTheOneUsed() throws {
        let result = try runScene("""
            C = UIViewController.new{}
            none = tostring(C.popoverPresentationController)
            \(scene("""
                p = B.popoverPresentationController
                before = { arrow = p.arrowDirection, permitted = table.concat(p.permittedArrowDirections, ","),
                           margins = tostring(p.popoverLayoutMargins), overlap = p.canOverlapSourceViewRect }
                p.sourceView = button
                \(present)
                same = B.presentationController == p and B.popoverPresentationController == p
                style = B.presentationController.presentationStyle
                """))
            """, device: "iPad")
        #expect(try result.text("none") == "nil")
        #expect(try result.text("before.arrow") == "unknown")
        #expect(try result.text("before.permitted") == "any")
        #expect(try result.text("before.margins") == "UIEdgeInsets(10, 10, 10, 10)")
        #expect(try result.bool("before.overlap") == false)
        #expect(try result.bool("same"))
        #expect(try result.text("style") == "popover")
    }

    /// UIKit raises NSGenericException when a popover has no anchor when it is presented.
    @Test func presentingAPopoverWithoutASourceViewRaisesUIKitsException() throws {
        let result = try runScene(scene("""
            ok, message = pcall(function() A:present(B, true) end)
            message = tostring(message)
            afterwards = tostring(A.presentedViewController)
            B.popoverPresentationController.sourceView = button
            A:present(B, false)
            transit.wait(1)
            retried = A.presentedViewController == B
            """), device: "iPad")
        #expect(try result.bool("ok") == false)
        let message = try #require(try result.text("message"))
        #expect(message.contains("NSGenericException: UIPopoverPresentationController"))
        #expect(message.contains("should have a non-nil sourceView or barButtonItem set before the presentation occurs"))
        #expect(message.contains("scene.lua:"))
        // Nothing was left half-presented: the same controller presents once it has an anchor.
        #expect(try result.text("afterwards") == "nil")
        #expect(try result.bool("retried"))
    }

    @Test func prepareForPopoverPresentationMaySetTheSourceView() throws {
        let result = try runScene(scene("""
            Delegate = NSObject:subclass("Delegate")
            function Delegate:prepareForPopoverPresentation(p) prepared = true; p.sourceView = button end
            B.popoverPresentationController.delegate = Delegate.new()
            \(present)
            """), device: "iPad")
        #expect(try result.bool("prepared"))
        #expect(try result.text("B.popoverPresentationController.arrowDirection") == "up")
    }

    /// In compact width a popover adapts: a sheet from iOS 13 (no anchor needed: UIKit only
    /// raises when it shows a popover), full screen before.
    @Test(arguments: [(17.0, "pageSheet"), (12.0, "fullScreen")])
    func onIPhoneAPopoverAdaptsToASheet(ios: Double, expected: String) throws {
        let result = try runScene(scene(present + """
            style = B.presentationController.presentationStyle
            still = B.popoverPresentationController ~= nil
            frame = B.view.frame
            presenterOnScreen = tostring(A.view.window ~= nil)
            """) + """

            C = UIViewController.new{ title = "C" }
            B:dismiss(false)
            transit.wait(1)
            C.modalPresentationStyle = "\(expected)"
            A:present(C, false)
            transit.wait(1)
            sameFrame = frame == C.view.frame
            """, device: "iPhone 15", ios: ios)
        #expect(try result.text("style") == expected)
        #expect(try result.bool("still"))
        #expect(try result.bool("sameFrame"))
    }

    /// adaptivePresentationStyle(for:traitCollection:) answering none keeps a popover on iPhone,
    /// of the presented controller's preferredContentSize, below its source (arrow up).
    @Test func aDelegateAnsweringNoneKeepsAPopoverOnIPhone() throws {
        let result = try runScene(scene("""
            Delegate = NSObject:subclass("Delegate")
            function Delegate:adaptivePresentationStyle(controller, traits) asked = traits.horizontalSizeClass return "none" end
            p = B.popoverPresentationController
            p.delegate = Delegate.new()
            p.sourceView = button
            B.preferredContentSize = CGSize(200, 150)
            """ + present + """
            style = B.presentationController.presentationStyle
            frame = B.view.frame
            """), device: "iPhone SE")
        #expect(try result.text("asked") == "compact")
        #expect(try result.text("style") == "popover")
        #expect(try result.text("p.arrowDirection") == "up")
        // Centred under the button (midX 140), 13 pt (the arrow) below its bottom (240).
        #expect(try result.text("tostring(frame)") == "CGRect(40, 253, 200, 150)")
        // The presenter stays on screen behind it.
        #expect(try result.bool("A.view.window ~= nil"))
    }

    @Test func aPopoverWithoutAPreferredContentSizeIs320By480() throws {
        let result = try runScene(scene("B.popoverPresentationController.sourceView = button\n" + present), device: "iPad")
        #expect(try result.text("tostring(B.view.frame.size)") == "CGSize(320, 480)")
    }

    /// Below the source first (arrow up); no room below: above it (arrow down).
    @Test func aSourceNearTheBottomGetsThePopoverAboveItWithTheArrowDown() throws {
        let result = try runScene(scene("""
            B.popoverPresentationController.sourceView = button
            B.preferredContentSize = CGSize(300, 300)
            """ + present, at: "CGRect(300, 1000, 80, 40)"), device: "iPad")
        #expect(try result.text("B.popoverPresentationController.arrowDirection") == "down")
        #expect(try result.number("B.view.frame.maxY") == 1000 - 13)
        #expect(try result.number("B.view.frame.midX") == 340)
    }

    /// permittedArrowDirections limits the sides: left and right only put it beside the source;
    /// "left" (the arrow points left) when there is room on the source's right.
    @Test func permittedArrowDirectionsChooseTheSide() throws {
        let result = try runScene(scene("""
            p = B.popoverPresentationController
            p.sourceView = button
            p.permittedArrowDirections = { "left", "right" }
            B.preferredContentSize = CGSize(300, 200)
            """ + present), device: "iPad")
        #expect(try result.text("p.arrowDirection") == "left")
        #expect(try result.number("B.view.frame.minX") == 180 + 13)
        #expect(try result.number("B.view.frame.midY") == 220)
        let right = try runScene(scene("""
            p = B.popoverPresentationController
            p.sourceView = button
            p.permittedArrowDirections = { "right" }
            B.preferredContentSize = CGSize(300, 200)
            """ + present, at: "CGRect(600, 400, 80, 40)"), device: "iPad")
        #expect(try right.text("p.arrowDirection") == "right")
        #expect(try right.number("B.view.frame.maxX") == 600 - 13)
    }

    /// An empty set: no arrow, the popover centred on the source (the common action-sheet recipe
    /// `permittedArrowDirections = []`).
    @Test func noPermittedDirectionCentresThePopoverWithoutArrow() throws {
        let result = try runScene(scene("""
            p = B.popoverPresentationController
            p.sourceView = A.view
            p.sourceRect = CGRect(410, 590, 0, 0)
            p.permittedArrowDirections = {}
            B.preferredContentSize = CGSize(300, 200)
            """ + present), device: "iPad")
        #expect(try result.text("p.arrowDirection") == "unknown")
        #expect(try result.text("tostring(B.view.frame)") == "CGRect(260, 490, 300, 200)")
    }

    /// Kept inside the safe area less popoverLayoutMargins (10 pt by default).
    @Test func aPopoverStaysInsideTheContainersMargins() throws {
        let result = try runScene(scene("""
            p = B.popoverPresentationController
            p.sourceView = button
            B.preferredContentSize = CGSize(400, 300)
            """ + present, at: "CGRect(780, 300, 30, 30)"), device: "iPad")
        #expect(try result.text("p.arrowDirection") == "up")
        #expect(try result.number("B.view.frame.maxX") == 820 - 10)
        // The arrow points as near the source (x = 795) as the rounded corner allows: its middle
        // stays 13 (corner) + 13 (half its base) inside the popover's edge.
        #expect(try result.number("B.view.frame.midX + p.arrowOffset") == 810 - 26)
    }

    /// Apple: "When displayed, taps outside of the popover window cause the popover to be
    /// dismissed automatically" — a dismissal by the user, so the delegate may refuse it.
    @Test func aTapOutsideDismissesThePopoverAndAsksTheDelegate() throws {
        let delegate = """
            asked = {}
            Delegate = NSObject:subclass("Delegate")
            function Delegate:presentationControllerShouldDismiss(c) asked[#asked + 1] = "should" return allow end
            function Delegate:presentationControllerWillDismiss(c) asked[#asked + 1] = "will" end
            function Delegate:presentationControllerDidDismiss(c) asked[#asked + 1] = "did" end
            function Delegate:presentationControllerDidAttemptToDismiss(c) asked[#asked + 1] = "attempted" end
            p = B.popoverPresentationController
            p.delegate = Delegate.new()
            p.sourceView = button
            B.preferredContentSize = CGSize(200, 150)
            """
        let tapOutside = """
            transit.touch.tap{ at = CGPoint(600, 900) }
            transit.wait(1)
            presented = tostring(A.presentedViewController)
            """
        let refused = try runScene(scene("allow = false\n" + delegate + present + tapOutside), device: "iPad")
        #expect(try refused.bool("presented == tostring(B)"))
        #expect(try refused.text("table.concat(asked, ',')") == "should,attempted")
        let allowed = try runScene(scene("allow = true\n" + delegate + present + tapOutside), device: "iPad")
        #expect(try allowed.text("presented") == "nil")
        #expect(try allowed.text("table.concat(asked, ',')") == "should,will,did")
        #expect(allowed.world.problemRecords.isEmpty)
    }

    /// isModalInPresentation "prevents the interactive dismissal of the view controller while it
    /// is onscreen": a tap outside is refused without asking presentationControllerShouldDismiss.
    @Test func isModalInPresentationKeepsThePopoverOnATapOutside() throws {
        let result = try runScene(scene("""
            asked = {}
            Delegate = NSObject:subclass("Delegate")
            function Delegate:presentationControllerShouldDismiss(c) asked[#asked + 1] = "should" return true end
            function Delegate:presentationControllerDidAttemptToDismiss(c) asked[#asked + 1] = "attempted" end
            p = B.popoverPresentationController
            p.delegate = Delegate.new()
            p.sourceView = button
            B.isModalInPresentation = true
            """ + present + """
            transit.touch.tap{ at = CGPoint(600, 900) }
            transit.wait(1)
            """), device: "iPad")
        #expect(try result.bool("A.presentedViewController == B"))
        #expect(try result.text("table.concat(asked, ',')") == "attempted")
    }

    @Test func theDeprecatedShouldDismissPopoverCanKeepIt() throws {
        let result = try runScene(scene("""
            Delegate = NSObject:subclass("Delegate")
            function Delegate:popoverPresentationControllerShouldDismissPopover(c) return false end
            p = B.popoverPresentationController
            p.delegate = Delegate.new()
            p.sourceView = button
            """ + present + """
            transit.touch.tap{ at = CGPoint(600, 1100) }
            transit.wait(1)
            """), device: "iPad")
        #expect(try result.bool("A.presentedViewController == B"))
    }

    @Test func aTapInsideThePopoverDoesNotDismissIt() throws {
        let result = try runScene(scene("""
            B.popoverPresentationController.sourceView = button
            B.preferredContentSize = CGSize(200, 150)
            """ + present + """
            transit.touch.tap{ at = CGPoint(140, 300) }
            transit.wait(1)
            """), device: "iPad")
        #expect(try result.bool("A.presentedViewController == B"))
    }

    /// The arrow is part of the drawn shape: the popover's path reaches up to the source.
    @Test func theArrowIsDrawnPointingAtTheSource() throws {
        let result = try runScene(scene("""
            p = B.popoverPresentationController
            p.sourceView = button
            p.backgroundColor = UIColor.systemBlue
            B.preferredContentSize = CGSize(200, 150)
            """ + present + """
            local background
            for _, v in ipairs(B.presentationController.containerView.subviews) do
              if v.name == "popover background" then background = v end
            end
            box = background.layer.sublayers[1].path.boundingBox
            """), device: "iPad")
        #expect(try result.number("box.minY") == 240)
        #expect(try result.number("box.maxY") == 253 + 150)
    }

    /// UIKit resizes a popover when its content's preferredContentSize changes.
    @Test func aPopoverFollowsPreferredContentSizeChanges() throws {
        let result = try runScene(scene("""
            B.popoverPresentationController.sourceView = button
            B.preferredContentSize = CGSize(200, 150)
            """ + present + """
            B.preferredContentSize = CGSize(260, 100)
            transit.wait(0.1)
            """), device: "iPad")
        #expect(try result.text("tostring(B.view.frame)") == "CGRect(10, 253, 260, 100)")
    }

    /// The popover fades in whatever modalTransitionStyle says: its frame never moves.
    @Test func aPopoverFadesInAndIgnoresModalTransitionStyle() throws {
        let result = try runScene(scene("""
            B.popoverPresentationController.sourceView = button
            B.preferredContentSize = CGSize(200, 150)
            B.modalTransitionStyle = "coverVertical"
            A:present(B, true)
            transit.wait(0.1)
            midAlpha = B.view.layer:presentation().opacity
            midY = B.view.layer:presentation().frame.minY
            transit.wait(1)
            """), device: "iPad")
        let alpha = try result.number("midAlpha")
        #expect(alpha > 0 && alpha < 1)
        #expect(try result.number("midY") == 253)
    }

    /// What `UIPopoverPresentationController.adaptivePresentationStyle(self, traits)` (super) gives a
    /// subclass: UIKit's default for a popover, a sheet in compact width.
    @Test func thePopoversDefaultAdaptiveStyleIsASheetInCompactWidth() throws {
        let body = """
            p = B.popoverPresentationController
            answer = tostring(UIPopoverPresentationController.adaptivePresentationStyle(p, A.traitCollection))
            """
        #expect(try runScene(scene(body), device: "iPhone 15").text("answer") == "pageSheet")
        #expect(try runScene(scene(body), device: "iPad").text("answer") == "nil")
    }

    /// A rotation lays the popover out again beside its source.
    @Test func aPopoverFollowsItsSourceThroughARotation() throws {
        let result = try runScene(scene("""
            p = B.popoverPresentationController
            p.sourceView = button
            B.preferredContentSize = CGSize(200, 150)
            button.autoresizingMask = { "flexibleLeftMargin" }
            """ + present + """
            transit.rotate("landscapeLeft")
            transit.wait(0.1)
            """, at: "CGRect(700, 200, 80, 40)"), device: "iPad")
        let mid = try result.number("button:convert(button.bounds, transit.window).midX")
        #expect(mid == 1100)
        // Kept inside the landscape container's margin, the arrow still at the source's middle.
        #expect(try result.number("B.view.frame.maxX") == 1180 - 10)
        #expect(try result.number("B.view.frame.midX + p.arrowOffset") == mid)
        #expect(try result.text("p.arrowDirection") == "up")
    }

    @Test func unknownIsNotAPermittedArrowDirection() throws {
        let result = try runScene(scene("""
            ok, message = pcall(function() B.popoverPresentationController.permittedArrowDirections = { "unknown" } end)
            message = tostring(message)
            """), device: "iPad")
        #expect(try result.bool("ok") == false)
        #expect(try result.text("message")?.contains("permittedArrowDirections") == true)
    }
}
