import Foundation
import TransitCore
@testable import TransitRender

// Scenes are built from frames the way UIKit users think of them; expected pixels are computed
// from the same geometry in each test.
enum Scene {
    static func canvas(_ width: Double, _ height: Double, _ sublayers: [LayerSnapshot]) -> LayerSnapshot {
        LayerSnapshot(name: "window", bounds: Rect(x: 0, y: 0, width: width, height: height),
                      position: Point(x: width / 2, y: height / 2), sublayers: sublayers)
    }

    static func view(_ frame: Rect, _ color: Color?, sublayers: [LayerSnapshot] = []) -> LayerSnapshot {
        LayerSnapshot(bounds: Rect(x: 0, y: 0, width: frame.width, height: frame.height),
                      position: Point(x: frame.midX, y: frame.midY), backgroundColor: color, sublayers: sublayers)
    }

    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)
}

func isColor(_ pixel: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ r: Int, _ g: Int, _ b: Int, tolerance: Int = 0) -> Bool {
    abs(Int(pixel.r) - r) <= tolerance && abs(Int(pixel.g) - g) <= tolerance && abs(Int(pixel.b) - b) <= tolerance
}

func isWhite(_ pixel: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { isColor(pixel, 255, 255, 255) }

/// Rows where the column is "reddish" (red dominant), as a count.
func redRun(in image: RasterImage, column: Int) -> Int {
    (0..<image.height).filter { y in
        let p = image.pixel(x: column, y: y)
        return p.r > 200 && p.g < 128
    }.count
}

func isAllWhite(_ image: RasterImage) -> Bool {
    stride(from: 0, to: image.pixels.count, by: 4).allSatisfy { index in
        image.pixels[index] == 255 && image.pixels[index + 1] == 255 && image.pixels[index + 2] == 255
    }
}
