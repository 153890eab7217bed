import CLua
import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

/// The UIImage a chunk returns, as the host holds it.
private func image(_ h: Harness, _ source: String) throws -> ImageContent {
    let result = try h.run(source + "\nreturn image.id") ?? ""
    let id = Int(result.prefix { $0 != "." }) ?? -1
    return try #require(h.runtime.images[id])
}

@Suite struct SnapshotAndImageTests {
    // MARK: drawHierarchy and image contexts

    @Test func imageRendererReturnsAnImageOfItsSize() throws {
        let h = try Harness()
        #expect(try h.run("""
            local view = UIView.new{ frame = CGRect(0, 0, 50, 50), backgroundColor = UIColor.red }
            local drew
            local image = UIGraphicsImageRenderer{ size = CGSize(120, 60) }:image(function(context)
              drew = view:drawHierarchy(CGRect(0, 0, 60, 60), true)
            end)
            return tostring(drew) .. " " .. image.width .. "x" .. image.height
            """) == "true 120.0x60.0")
        #expect(try h.run("return UIGraphicsImageRenderer(CGSize(3, 4)).size.width") == "3.0")
        #expect(try h.run("return UIGraphicsImageRenderer.new{ size = CGSize(3, 4) }.size.height") == "4.0")
    }

    @Test func drawHierarchyOutsideAnImageContextDrawsNothing() throws {
        let h = try Harness()
        #expect(try h.bool("return UIView.new():drawHierarchy(CGRect(0, 0, 10, 10), false)") == false)
    }

    @Test func imageIsThePictureAtTheTimeItWasTaken() throws {
        let h = try Harness()
        let picture = try image(h, """
            local view = UIView.new{ frame = CGRect(0, 0, 50, 50), backgroundColor = UIColor.red }
            image = UIGraphicsImageRenderer{ size = CGSize(50, 50) }:image(function() view:drawHierarchy(view.bounds, false) end)
            view.backgroundColor = UIColor.blue
            """).picture
        let drawn = try #require(picture?.sublayers.first?.sublayers.first)
        #expect(drawn.backgroundColor == Color(red: 1, green: 0, blue: 0))
    }

    @Test func drawHierarchyScalesTheBoundsToTheRect() throws {
        let h = try Harness()
        let picture = try #require(try image(h, """
            local view = UIView.new{ frame = CGRect(300, 300, 40, 20) }
            image = UIGraphicsImageRenderer{ size = CGSize(100, 100) }:image(function()
              view:drawHierarchy(CGRect(10, 10, 80, 40), false)
            end)
            """).picture)
        let placed = try #require(picture.sublayers.first)
        #expect(placed.frame == Rect(x: 10, y: 10, width: 80, height: 40))
    }

    @Test func contextFunctionsKeepAStack() throws {
        let h = try Harness()
        #expect(try h.run("""
            local before = UIGraphicsGetImageFromCurrentImageContext()
            UIGraphicsBeginImageContextWithOptions(CGSize(10, 20), false, 0)
            UIGraphicsBeginImageContext(CGSize(30, 40))
            local inner = UIGraphicsGetImageFromCurrentImageContext()
            UIGraphicsEndImageContext()
            local outer = UIGraphicsGetImageFromCurrentImageContext()
            UIGraphicsEndImageContext()
            UIGraphicsEndImageContext()  -- one too many: nothing happens, as in UIKit
            return tostring(before) .. " " .. inner.width .. " " .. outer.height .. " " .. tostring(UIGraphicsGetImageFromCurrentImageContext())
            """) == "nil 30.0 20.0 nil")
    }

    @Test func opaqueContextsStartBlack() throws {
        let h = try Harness()
        let opaque = try image(h, """
            UIGraphicsBeginImageContextWithOptions(CGSize(10, 10), true, 2)
            image = UIGraphicsGetImageFromCurrentImageContext()
            UIGraphicsEndImageContext()
            """)
        #expect(opaque.picture?.backgroundColor == Color(white: 0))
        let clear = try image(h, "image = UIGraphicsImageRenderer{ size = CGSize(10, 10) }:image(function() end)")
        #expect(clear.picture?.backgroundColor == nil)
    }

    @Test func rendererContextShowsTheImageSoFar() throws {
        let h = try Harness()
        #expect(try h.run("""
            local count
            UIGraphicsImageRenderer{ size = CGSize(10, 10) }:image(function(context)
              UIView.new{ frame = CGRect(0, 0, 5, 5) }:drawHierarchy(CGRect(0, 0, 5, 5), false)
              count = context.currentImage.width
            end)
            return count
            """) == "10.0")
    }

    @Test func anErrorInTheActionsEndsTheirContext() throws {
        let h = try Harness()
        #expect(try h.error("UIGraphicsImageRenderer{ size = CGSize(10, 10) }:image(function() error('boom') end)") != nil)
        #expect(h.world.imageContexts.isEmpty)
    }

    @Test func badSizesAndRectsAreErrors() throws {
        let h = try Harness()
        let zero = try #require(try h.error("UIGraphicsImageRenderer{ size = CGSize(0, 10) }"))
        #expect(zero.contains("size must be positive"))
        let nan = try #require(try h.error("UIGraphicsBeginImageContextWithOptions(CGSize(0/0, 10), false, 1)"))
        #expect(nan.contains("argument 1 (size)"))
        let unknown = try #require(try h.error("UIGraphicsImageRenderer{ bounds = CGRect(0, 0, 1, 1) }"))
        #expect(unknown.contains("unknown option \"bounds\""))
        let rect = try #require(try h.error("UIView.new():drawHierarchy(CGRect(0, 0, 1/0, 1), false)"))
        #expect(rect.contains("test.lua:1:") && rect.contains("must be finite"))
        let huge = try #require(try h.error("UIGraphicsImageRenderer{ size = CGSize(1e300, 1) }"))
        #expect(huge.contains("at most"))
    }

    @Test func anImageOfViewsIsShownByAnImageView() throws {
        let h = try Harness()
        #expect(try h.run("""
            local image = UIGraphicsImageRenderer{ size = CGSize(64, 32) }:image(function() end)
            local view = UIImageView.new{ image = image }
            return tostring(view.frame) .. " " .. view.image.width
            """) == "CGRect(0, 0, 64, 32) 64.0")
    }

    // MARK: resizableSnapshotView

    @Test func resizableSnapshotViewHasTheRectsSize() throws {
        let h = try Harness()
        #expect(try h.run("""
            local view = UIView.new{ frame = CGRect(0, 0, 200, 100) }
            local snapshot = view:resizableSnapshotView(CGRect(10, 20, 30, 40), true, { top = 0, left = 0, bottom = 0, right = 0 })
            return tostring(snapshot.frame) .. " " .. #snapshot.subviews
            """) == "CGRect(0, 0, 30, 40) 0")
    }

    @Test func capInsetsKeepTheirSizeWhenTheSnapshotIsResized() throws {
        let h = try Harness()
        #expect(try h.run("""
            local view = UIView.new{ frame = CGRect(0, 0, 200, 100) }
            local snapshot = view:resizableSnapshotView(CGRect(0, 0, 100, 100), false, { top = 10, left = 20, bottom = 10, right = 20 })
            snapshot.frame = CGRect(0, 0, 300, 50)
            local frames = {}
            for _, piece in ipairs(snapshot.subviews) do frames[#frames + 1] = tostring(piece.frame) end
            return #snapshot.subviews .. ": " .. frames[1] .. " " .. frames[5] .. " " .. frames[9]
            """) == "9: CGRect(0, 0, 20, 10) CGRect(20, 10, 260, 30) CGRect(280, 40, 20, 10)")
    }

    @Test func capsLargerThanTheSnapshotShrinkInProportion() {
        #expect(ResizableSnapshotView.stops(0, 30, 20, 40) == [0, 10, 10, 30])
        #expect(ResizableSnapshotView.stops(5, 100, 20, 40) == [5, 25, 65, 105])
    }

    @Test func resizableSnapshotChecksItsArguments() throws {
        let h = try Harness()
        let message = try #require(try h.error("UIView.new():resizableSnapshotView(CGRect(0, 0, 1, 1), false, { left = 'x' })"))
        #expect(message.contains("capInsets.left must be a number"))
        let notTable = try #require(try h.error("UIView.new():resizableSnapshotView(CGRect(0, 0, 1, 1), false, 3)"))
        #expect(notTable.contains("argument 3"))
    }

    // MARK: UIVisualEffectView and UIBlurEffect

    @Test func visualEffectViewIsMadeTheWaysUIKitMakesIt() throws {
        let h = try Harness()
        #expect(try h.run("""
            local blur = UIBlurEffect{ style = "regular" }
            local a = UIVisualEffectView{ effect = blur }
            local b = UIVisualEffectView.new{ frame = CGRect(0, 0, 10, 10) }
            local c = UIVisualEffectView(UIBlurEffect.new{ style = "systemMaterialDark" })
            return tostring(a.effect == blur) .. " " .. tostring(b.effect) .. " " .. tostring(c.effect ~= nil)
            """) == "true nil true")
    }

    @Test func contentViewFillsTheEffectViewAboveTheBlur() throws {
        let h = try Harness()
        #expect(try h.run("""
            local fx = UIVisualEffectView{ effect = UIBlurEffect{ style = "dark" } }
            fx.frame = CGRect(10, 10, 120, 80)
            local label = UILabel.new{ text = "hi" }
            fx.contentView:addSubview(label)
            local subviews = fx.subviews
            return tostring(fx.contentView.frame) .. " " .. tostring(subviews[#subviews] == fx.contentView)
                .. " " .. tostring(label.superview == fx.contentView)
            """) == "CGRect(0, 0, 120, 80) true true")
    }

    @Test func everyBlurStyleIsAccepted() throws {
        let h = try Harness()
        for style in BlurStyle.allCases {
            #expect(try h.error("UIVisualEffectView{ effect = UIBlurEffect{ style = '\(style.rawValue)' } }") == nil)
            #expect(style.backdrop.radius > 0 && style.backdrop.tint.alpha > 0)
        }
    }

    @Test func blurEffectNeedsAKnownStyle() throws {
        let h = try Harness()
        let unknown = try #require(try h.error("UIBlurEffect{ style = 'regularr' }"))
        #expect(unknown.contains("UIBlurEffectStyle") && unknown.contains("regular"))
        let missing = try #require(try h.error("UIBlurEffect{}"))
        #expect(missing.contains("style"))
        let wrongEffect = try #require(try h.error("UIVisualEffectView{ effect = UIView.new() }"))
        #expect(wrongEffect.contains("UIBlurEffect"))
    }

    /// iOS 9 and later animate `effect` inside an animation block: the intensity (the backdrop
    /// layer's opacity) goes from 1 to 0 with the block's curve, and back.
    @Test func effectAnimatesToNilAndBack() throws {
        let h = try Harness()
        try h.run("""
            fx = UIVisualEffectView{ effect = UIBlurEffect{ style = "light" } }
            UIView.animate{ duration = 1, options = { "curveLinear" }, animations = function() fx.effect = nil end }
            """)
        lua_getglobal(h.runtime.L, "fx")
        let view = try #require(h.runtime.object(at: -1) as? VisualEffectView)
        lua_settop(h.runtime.L, 0)
        let backdrop = view.backdropView.layer
        try h.world.advance(to: 0.25)
        #expect(abs(backdrop.snapshot(at: h.world.now).opacity - 0.75) < 1e-9)
        try h.world.advance(to: 1)
        #expect(backdrop.snapshot(at: h.world.now).opacity == 0)
        #expect(try h.run("return tostring(fx.effect)") == "nil")
        try h.run("UIView.animate{ duration = 1, options = { 'curveLinear' }, animations = function() fx.effect = UIBlurEffect{ style = 'dark' } end }")
        try h.world.advance(to: 1.5)
        #expect(abs(backdrop.snapshot(at: h.world.now).opacity - 0.5) < 1e-9)
        if case .backdrop(let content) = backdrop.snapshot(at: h.world.now).content {
            #expect(content == BlurStyle.dark.backdrop)
        } else {
            Issue.record("the backdrop layer draws the dark style")
        }
    }

    @Test func theNewNamesAreNoLongerListedAsMissing() {
        let api = TransitAPI.description
        for name in ["UIVisualEffectView", "UIBlurEffect", "UIGraphicsImageRenderer"] {
            #expect(!api.unavailableClasses.contains(name))
            #expect(api.cls(name) != nil)
        }
        #expect(!(api.unavailable["UIView"] ?? []).contains("drawHierarchy"))
        #expect(api.cls("UIView")!.methods.contains { $0.name == "resizableSnapshotView" })
    }
}
