import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

// CALayer.animationKeys() lists every attached animation (Apple: "an array of strings that
// identify the animations currently attached to the layer"), and directionalLayoutMargins is
// layoutMargins by reading direction (Apple: "In a left-to-right layout, the leading edge is
// the left edge").

@Suite struct AnimationKeysTests {
    @Test func aBlockAnimationIsListedByItsKeyPathWhileItRuns() throws {
        let h = try Harness()
        _ = try h.run("""
            v = UIView.new{ frame = CGRect(0, 0, 10, 10) }
            transit.window:addSubview(v)
            before = #v.layer:animationKeys()
            UIView.animate(0.5, function() v.alpha = 0; v.frame = CGRect(10, 10, 20, 20) end)
            """)
        #expect(try h.run("return before") == "0")
        #expect(try h.run("return table.concat(v.layer:animationKeys(), ',')") == "bounds,opacity,position")
        // No CABasicAnimation object stands behind a block animation.
        #expect(try h.run("return tostring(v.layer:animation('opacity'))") == "nil")
        try h.runtime.world.advance(to: h.runtime.world.now + 1)
        #expect(try h.run("return #v.layer:animationKeys()") == "0")
    }

    @Test func keyedAnimationsKeepTheirKeyAndAreNotListedTwice() throws {
        let h = try Harness()
        _ = try h.run("""
            v = UIView.new{ frame = CGRect(0, 0, 10, 10) }
            transit.window:addSubview(v)
            local spin = CABasicAnimation{ keyPath = "transform.rotation.z", fromValue = 0, toValue = 3, duration = 1 }
            v.layer:add(spin, "spin")
            UIView.animate(0.5, function() v.alpha = 0 end)
            """)
        #expect(try h.run("return table.concat(v.layer:animationKeys(), ',')") == "opacity,spin")
    }
}

@Suite struct DirectionalLayoutMarginsTests {
    @Test func leadingIsLeftAndTrailingIsRightInALeftToRightLayout() throws {
        let h = try Harness()
        _ = try h.run("""
            v = UIView.new{ frame = CGRect(0, 100, 300, 300) }
            transit.window:addSubview(v)
            v.insetsLayoutMarginsFromSafeArea = false
            v.directionalLayoutMargins = NSDirectionalEdgeInsets{ top = 1, leading = 2, bottom = 3, trailing = 4 }
            """)
        #expect(try h.run("local m = v.layoutMargins return m.top .. ' ' .. m.left .. ' ' .. m.bottom .. ' ' .. m.right") == "1.0 2.0 3.0 4.0")
        _ = try h.run("v.layoutMargins = UIEdgeInsets(5, 6, 7, 8)")
        #expect(try h.run("local m = v.directionalLayoutMargins return m.top .. ' ' .. m.leading .. ' ' .. m.bottom .. ' ' .. m.trailing") == "5.0 6.0 7.0 8.0")
        #expect(try h.run("return tostring(v.directionalLayoutMargins)") == "NSDirectionalEdgeInsets(5, 6, 7, 8)")
    }

    @Test func badValuesAreErrorsNamingTheProperty() throws {
        let h = try Harness()
        let message = try h.error("UIView.new().directionalLayoutMargins = UIEdgeInsets(1, 2, 3, 4)") ?? ""
        #expect(message.contains("UIView.directionalLayoutMargins must be a NSDirectionalEdgeInsets (got UIEdgeInsets)"))
        let nan = try h.error("UIView.new().directionalLayoutMargins = NSDirectionalEdgeInsets{ top = 0, leading = 0/0, bottom = 0, trailing = 0 }") ?? ""
        #expect(nan.contains("must be finite") || nan.contains("finite number"))
    }
}
