import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua
@testable import TransitRender

// The status bar as drawn: over everything, in the device profile's status-bar area, black
// glyphs for dark content (and `default`, Transit having no dark mode), white ones for light
// content, and nothing with --no-status-bar (docs/semantics.md, "The status bar"). The app's
// views are mid grey so glyph pixels of either colour stand out from them.

/// Runs `source` on `device` and renders the screen at the scene's end at scale 1.
private func screen(_ source: String, device: String = "iPhone 15", statusBar: Bool = true) throws -> (image: RasterImage, world: World) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("transit-statusbar-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("scene.lua")
    try Data(source.utf8).write(to: file)
    let world = World(device: try #require(Device.named(device)))
    let runtime = try LuaRuntime(world: world)
    runtime.output = { _ in }
    try runtime.runScene(file)
    let frame = world.screenSnapshot(world.window.layer.snapshot(at: world.now), at: world.now, statusBar: statusBar)
    return (Rasterizer(scale: 1).render(frame, size: world.screen.bounds.size), world)
}

/// Pixels in rows `rows` darker than 20 % grey and lighter than 80 %.
private func glyphPixels(_ image: RasterImage, rows: Range<Int>) -> (dark: Int, light: Int) {
    var dark = 0, light = 0
    for y in rows {
        for x in 0..<image.width {
            let p = image.pixel(x: x, y: y)
            let luminance = (Int(p.r) + Int(p.g) + Int(p.b)) / 3
            if luminance < 51 { dark += 1 }
            if luminance > 204 { light += 1 }
        }
    }
    return (dark, light)
}

private func scene(style: String, presenting: String = "") -> String {
    """
    Styled = UIViewController:subclass("Styled")
    function Styled:preferredStatusBarStyle() return "\(style)" end
    function Styled:viewDidLoad() self.view.backgroundColor = UIColor{ white = 0.5 } end
    root = Styled.new()
    transit.window.rootViewController = root
    \(presenting)
    transit.wait(1)
    """
}

@Suite struct StatusBarRenderTests {
    @Test func darkContentAndDefaultDrawBlackGlyphsLightContentWhiteOnes() throws {
        for style in ["darkContent", "default"] {
            let (image, _) = try screen(scene(style: style))
            let glyphs = glyphPixels(image, rows: 0..<54)
            #expect(glyphs.dark > 100 && glyphs.light == 0, "\(style): \(glyphs)")
        }
        let (image, _) = try screen(scene(style: "lightContent"))
        let glyphs = glyphPixels(image, rows: 0..<54)
        #expect(glyphs.light > 100 && glyphs.dark == 0, "lightContent: \(glyphs)")
    }

    @Test func theBarStaysInTheProfilesStatusBarArea() throws {
        // iPhone 15 family: 54 pt; iPhone SE: 20 pt; iPad: 24 pt. Below it only the app's grey.
        for (device, height) in [("iPhone 15", 54), ("iPhone SE", 20), ("iPad", 24)] {
            let (image, world) = try screen(scene(style: "darkContent"), device: device)
            #expect(world.device.statusBarHeight(in: .portrait) == Double(height))
            #expect(glyphPixels(image, rows: 0..<height).dark > 50, "\(device)")
            let below = glyphPixels(image, rows: height..<image.height)
            #expect(below.dark == 0 && below.light == 0, "\(device)")
        }
    }

    @Test func noStatusBarLeavesTheScreenToTheApp() throws {
        let (image, _) = try screen(scene(style: "darkContent"), statusBar: false)
        #expect(glyphPixels(image, rows: 0..<image.height) == (0, 0))
        #expect(isColor(image.pixel(x: 60, y: 30), 128, 128, 128, tolerance: 1))
    }

    @Test func aHiddenBarIsNotDrawn() throws {
        let (image, _) = try screen("""
            Bare = UIViewController:subclass("Bare")
            function Bare:prefersStatusBarHidden() return true end
            function Bare:viewDidLoad() self.view.backgroundColor = UIColor{ white = 0.5 } end
            transit.window.rootViewController = Bare.new()
            """)
        #expect(glyphPixels(image, rows: 0..<54) == (0, 0))
    }

    @Test func theBarIsDrawnOverAPresentedViewWithThePresentedControllersStyle() throws {
        // The presented view covers the screen, its top under the bar; fullScreen hands it the bar.
        let (image, world) = try screen(scene(style: "darkContent", presenting: """
            Presented = UIViewController:subclass("Presented")
            function Presented:preferredStatusBarStyle() return "lightContent" end
            function Presented:viewDidLoad()
              self.view.backgroundColor = UIColor{ white = 0.5 }
              local top = UIView.new{ frame = CGRect(0, 0, 393, 60) }
              top.backgroundColor = UIColor{ white = 0.5 }
              self.view:addSubview(top)
            end
            presented = Presented.new()
            presented.modalPresentationStyle = "fullScreen"
            root:present(presented, true)
            """))
        #expect(world.window.rootViewController?.presentedViewController != nil)
        let glyphs = glyphPixels(image, rows: 0..<54)
        #expect(glyphs.light > 100 && glyphs.dark == 0, "\(glyphs)")
    }
}
