import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

/// Apple, UIModalPresentationStyle.formSheet: "The default content size is smaller than that of
/// the pageSheet style ... To provide a custom content size, use the modal view controller's
/// preferredContentSize property." The default, 540 × 620, is the long-standing iPad form sheet
/// size (docs/sources.md §3.7); Apple publishes no number.
@Suite struct FormSheetTests {
    private func scene(_ before: String, after: String = "") -> String {
        """
        A = UIViewController.new{ title = "A" }
        B = UIViewController.new{ title = "B" }
        transit.window.rootViewController = A
        B.modalPresentationStyle = "formSheet"
        \(before)
        A:present(B, true)
        transit.wait(1)
        presented = B.view.frame
        \(after)
        """
    }

    @Test func anIPadFormSheetWithoutAPreferredSizeIs540By620Centred() throws {
        let result = try runScene(scene(""), device: "iPad")
        let bounds = result.world.window.bounds
        #expect(try result.text("tostring(presented.size)") == "CGSize(540, 620)")
        #expect(try result.number("presented.midX") == bounds.midX)
        #expect(try result.number("presented.midY") == bounds.midY)
    }

    @Test func anIPadFormSheetUsesThePresentedControllersPreferredContentSize() throws {
        let result = try runScene(scene("B.preferredContentSize = CGSize(400, 300)"), device: "iPad")
        let bounds = result.world.window.bounds
        #expect(try result.text("tostring(presented.size)") == "CGSize(400, 300)")
        #expect(try result.number("presented.midX") == bounds.midX)
        #expect(try result.number("presented.midY") == bounds.midY)
    }

    @Test func anIPadFormSheetResizesWhenPreferredContentSizeChanges() throws {
        let result = try runScene(scene("", after: """
            B.preferredContentSize = CGSize(320, 200)
            transit.wait(0.1)
            resized = B.view.frame
            """), device: "iPad")
        #expect(try result.text("tostring(resized.size)") == "CGSize(320, 200)")
        #expect(try result.number("resized.midX") == result.world.window.bounds.midX)
    }

    /// A preferred size larger than the screen is limited to it (the sheet stays on screen).
    @Test func anIPadFormSheetNeverOutgrowsTheContainer() throws {
        let result = try runScene(scene("B.preferredContentSize = CGSize(5000, 5000)"), device: "iPad")
        let bounds = result.world.window.bounds
        #expect(try result.number("presented.width") == bounds.width)
        #expect(try result.number("presented.maxY") <= bounds.height)
    }

    /// In compact width a form sheet is a page sheet: the preferred size does not apply.
    @Test func anIPhoneFormSheetIgnoresPreferredContentSize() throws {
        let result = try runScene(scene("B.preferredContentSize = CGSize(200, 200)"), device: "iPhone 15")
        #expect(try result.number("presented.width") == result.world.window.bounds.width)
    }
}
