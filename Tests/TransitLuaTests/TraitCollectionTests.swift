import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

/// `traitCollection` on UIViewController, UIView and UIPresentationController (UIKit's
/// UITraitEnvironment): the window's traits, changed by a presentation that floats a smaller
/// panel in regular width (docs/semantics.md, "Trait collections").
@Suite struct TraitCollectionTests {
    private func traits(_ object: String) -> String {
        "(function(t) return t.horizontalSizeClass .. '/' .. t.verticalSizeClass .. ' ' .. t.userInterfaceIdiom .. ' @' .. string.format('%g', t.displayScale) end)(\(object).traitCollection)"
    }

    private func present(_ style: String, device: String, extra: String = "") throws -> SceneResult {
        try runScene("""
            A = UIViewController.new{ title = "A" }
            B = UIViewController.new{ title = "B" }
            label = UIView.new{ frame = CGRect(0, 0, 10, 10) }
            B.view:addSubview(label)
            transit.window.rootViewController = A
            B.modalPresentationStyle = "\(style)"
            \(extra)
            A:present(B, false)
            transit.wait(1)
            """, device: device)
    }

    @Test func theRootControllerAndItsViewsHaveTheWindowsTraits() throws {
        let pad = try runScene("""
            A = UIViewController.new{ title = "A" }
            transit.window.rootViewController = A
            child = UIView.new{}
            A.view:addSubview(child)
            loose = UIView.new{}
            """, device: "iPad")
        #expect(try pad.text(traits("A")) == "regular/regular pad @2")
        #expect(try pad.text(traits("A.view")) == "regular/regular pad @2")
        #expect(try pad.text(traits("child")) == "regular/regular pad @2")
        #expect(try pad.text(traits("loose")) == "regular/regular pad @2")
        let phone = try runScene("A = UIViewController.new{}", device: "iPhone 15")
        #expect(try phone.text(traits("A")) == "compact/regular phone @3")
    }

    /// A form sheet on iPad lays its content out in a compact width, regular height.
    @Test func anIPadFormSheetsPresentedControllerIsHorizontallyCompact() throws {
        let result = try present("formSheet", device: "iPad")
        #expect(try result.text(traits("B")) == "compact/regular pad @2")
        #expect(try result.text(traits("B.view")) == "compact/regular pad @2")
        #expect(try result.text(traits("label")) == "compact/regular pad @2")
        #expect(try result.text(traits("B.presentationController")) == "compact/regular pad @2")
        // The presenter keeps the window's.
        #expect(try result.text(traits("A")) == "regular/regular pad @2")
    }

    /// A page sheet on iPad is page-sized (Apple: "roughly the size of a page ... uses an
    /// explicit size that the system provides"), wider than the form sheet: it keeps the
    /// window's regular width.
    @Test func anIPadPageSheetKeepsTheRegularWidth() throws {
        let result = try present("pageSheet", device: "iPad")
        #expect(try result.text(traits("B")) == "regular/regular pad @2")
    }

    @Test func aFullScreenPresentationInheritsTheWindowsTraits() throws {
        let result = try present("fullScreen", device: "iPad")
        #expect(try result.text(traits("B")) == "regular/regular pad @2")
        #expect(try result.text(traits("label")) == "regular/regular pad @2")
    }

    /// In compact width a form sheet is a phone-sized sheet: nothing to change.
    @Test func anIPhoneFormSheetKeepsTheWindowsTraits() throws {
        let result = try present("formSheet", device: "iPhone 15")
        #expect(try result.text(traits("B")) == "compact/regular phone @3")
    }

    @Test func aChildOfAFormSheetHasItsParentsTraits() throws {
        let result = try runScene("""
            A = UIViewController.new{ title = "A" }
            Root = UIViewController.new{ title = "Root" }
            nav = UINavigationController.new(Root)
            transit.window.rootViewController = A
            nav.modalPresentationStyle = "formSheet"
            A:present(nav, false)
            transit.wait(1)
            """, device: "iPad")
        #expect(try result.text(traits("Root")) == "compact/regular pad @2")
        #expect(try result.text(traits("Root.view")) == "compact/regular pad @2")
    }

    @Test func aDismissedControllerHasTheWindowsTraitsAgain() throws {
        let result = try present("formSheet", device: "iPad")
        _ = try result.runtime.evaluate("B:dismiss(false)")
        #expect(try result.text(traits("B")) == "regular/regular pad @2")
    }

    @Test func traitCollectionIsReadOnly() throws {
        let result = try present("formSheet", device: "iPad")
        #expect(throws: (any Error).self) { try result.runtime.evaluate("B.traitCollection = nil") }
        #expect(throws: (any Error).self) { try result.runtime.evaluate("B.traitCollection.horizontalSizeClass = 'regular'") }
        #expect(throws: (any Error).self) { try result.runtime.evaluate("B.view.traitCollection = nil") }
    }
}
