import CLua
import Testing
@testable import TransitCore
@testable import TransitLua

/// Options tables and constructor arguments: every misspelt key is answered in one wording
/// that lists what the table takes, and a view class takes a CGRect as its frame, as UIKit's
/// `UIView(frame:)` does.
@Suite struct OptionsTableTests {
    @Test func aViewBuiltFromACGRectHasThatFrame() throws {
        let h = try Harness()
        try h.run("view = UIView.new(CGRect(1, 2, 30, 40)); label = UILabel.new(CGRect(5, 6, 7, 8))")
        lua_getglobal(h.runtime.L, "view")
        let view = try #require(h.runtime.object(at: -1) as? View)
        #expect(view.frame == Rect(x: 1, y: 2, width: 30, height: 40))
        lua_getglobal(h.runtime.L, "label")
        let label = try #require(h.runtime.object(at: -1) as? Label)
        #expect(label.frame == Rect(x: 5, y: 6, width: 7, height: 8))
    }

    @Test func aCGRectFrameIsCheckedAsTheFramePropertyIs() throws {
        let h = try Harness()
        let message = try h.error("UIView.new(CGRect(0, 0, 0/0, 10))")
        #expect(message?.contains("UIView.frame: must be finite") == true, "\(message ?? "no error")")
    }

    @Test func aValueWhereNoFrameIsTakenNamesTheArgument() throws {
        let h = try Harness()
        // A layer has a frame but no UIKit initializer taking one; a point is no frame at all.
        let layer = try h.error("CALayer.new(CGRect(0, 0, 1, 1))")
        #expect(layer?.contains("CALayer.new: argument 1 (options) must be a table of CALayer's settable properties (got CGRect)") == true, "\(layer ?? "no error")")
        let point = try h.error("UIView.new(CGPoint(1, 2))")
        #expect(point?.contains("argument 1 (options) must be a table of UIView's settable properties (got CGPoint)") == true, "\(point ?? "no error")")
    }

    @Test func unknownOptionsListWhatIsAccepted() throws {
        let h = try Harness()
        // A constructor's options are the class's settable properties (and its extra keys).
        let constructor = try #require(try h.error("UIViewController.new{ titel = 'x' }"))
        #expect(constructor.contains("unknown option \"titel\"; accepted: "), "\(constructor)")
        let accepted = Set(constructor.components(separatedBy: "accepted: ").last!.components(separatedBy: ", "))
        #expect(accepted.isSuperset(of: ["title", "backgroundColor", "modalPresentationStyle"]), "\(accepted)")
        // animateKeyframes used to name the key alone.
        let keyframes = try #require(try h.error("UIView.animateKeyframes{ duration = 1, animations = function() end, dealy = 1 }"))
        #expect(keyframes.contains("unknown option \"dealy\"; accepted: animations, completion, delay, duration, options"), "\(keyframes)")
        // UIColor's used to list its keys in their own order.
        let color = try #require(try h.error("UIColor{ red = 1, gren = 0 }"))
        #expect(color.contains("unknown option \"gren\"; accepted: alpha, blue, green, red, white"), "\(color)")
    }
}
