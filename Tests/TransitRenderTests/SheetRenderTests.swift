import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua
@testable import TransitRender

/// The system sheet as drawn: its rounded top corners (preferredCornerRadius) and its grabber
/// (prefersGrabberVisible), on the iPhone 15 profile where a large sheet's top is at 64 pt.
@Suite struct SheetRenderTests {
    @Test func theSheetIsDrawnWithItsGrabberAndRoundedCorners() throws {
        let (trees, size) = try sceneSnapshots("""
            A, B = UIViewController.new(), UIViewController.new()
            A.view.backgroundColor = UIColor.white
            B.view.backgroundColor = UIColor.blue
            transit.window.rootViewController = A
            B.modalPresentationStyle = "pageSheet"
            local sheet = B.sheetPresentationController
            sheet.prefersGrabberVisible = true
            sheet.preferredCornerRadius = 30
            A:present(B, true)
            transit.wait(1)
            """, at: [1.0], device: "iPhone 15")
        let image = Rasterizer(scale: 1, background: Color(white: 0)).render(trees[0], size: size)
        let body = image.pixel(x: 196, y: 200)
        #expect(body.b == 255 && body.r == 0 && body.g == 0)
        // The grabber: a translucent gray capsule over the blue, 5 pt below the top (64 + 5 ... 74).
        let grabber = image.pixel(x: 196, y: 71)
        #expect(grabber.b < 230 && grabber.r > 0 && grabber.r == grabber.g, "grabber \(grabber)")
        let besideGrabber = image.pixel(x: 150, y: 71)
        #expect(besideGrabber.b == 255 && besideGrabber.r == 0)
        // The corner: outside a 30-pt radius at the top left, the dimmed presenter shows.
        let corner = image.pixel(x: 3, y: 67)
        #expect(corner.b < 200 && corner.r == corner.b, "corner \(corner)")
        let insideCorner = image.pixel(x: 35, y: 67)
        #expect(insideCorner.b == 255 && insideCorner.r == 0)
    }
}
