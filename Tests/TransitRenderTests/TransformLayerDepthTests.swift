import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua
@testable import TransitRender

// A CATransformLayer does not flatten its sublayers: the faces of a cube under one share a 3D
// space and the nearer ones hide the farther ones, whatever their order in `sublayers`
// (docs/semantics.md, Rendering, "Flattening"). Faces are double-sided, so nothing but the depth
// order keeps the back face from covering the front one.

/// A 100-pt cube of six coloured faces in the middle of the 200×200 screen, under a perspective
/// of 1/500, turned by `turn` radians about y (and a little about x) through the transform
/// layer's own transform. `order` lists the faces in the order they are added.
private func cube(order: [String], turn: Double) -> String {
    """
    local vc = UIViewController.new{ backgroundColor = UIColor.white }
    transit.window.rootViewController = vc
    local perspective = CATransform3D.identity
    perspective.m34 = -1 / 500
    vc.view.layer.sublayerTransform = perspective
    local cube = CATransformLayer{ frame = CGRect(50, 50, 100, 100),
                                   transform = CATransform3D.rotation(\(turn), 0, 1, 0):rotated(0.2, 1, 0, 0) }
    vc.view.layer:addSublayer(cube)
    local faces = {
      front  = { UIColor(1, 0, 0), CATransform3D.identity },
      back   = { UIColor(0, 0, 1), CATransform3D.rotation(math.pi, 0, 1, 0) },
      right  = { UIColor(0, 1, 0), CATransform3D.rotation(math.pi / 2, 0, 1, 0) },
      left   = { UIColor(1, 1, 0), CATransform3D.rotation(-math.pi / 2, 0, 1, 0) },
      top    = { UIColor(0, 1, 1), CATransform3D.rotation(math.pi / 2, 1, 0, 0) },
      bottom = { UIColor(1, 0, 1), CATransform3D.rotation(-math.pi / 2, 1, 0, 0) },
    }
    for _, name in ipairs({ \(order.map { "\"\($0)\"" }.joined(separator: ", ")) }) do
      local colour, turn = faces[name][1], faces[name][2]
      -- Pushed out by half the edge along the face's normal (translate, then turn).
      cube:addSublayer(CALayer{ frame = CGRect(0, 0, 100, 100), backgroundColor = colour,
                                transform = turn:translated(0, 0, 50) })
    end
    transit.wait(0.1)
    """
}

private func centre(order: [String], turn: Double) throws -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    let (trees, size) = try sceneSnapshots(cube(order: order, turn: turn), at: [0.1])
    let image = Rasterizer(scale: 1, background: Color(white: 0)).render(try #require(trees.first), size: size)
    return image.pixel(x: 100, y: 100)
}

@Suite struct TransformLayerDepthTests {
    static let frontFirst = ["front", "right", "left", "top", "bottom", "back"]
    static let frontLast = ["back", "bottom", "top", "left", "right", "front"]

    @Test func theFrontFaceShowsAtTheCentreWhicheverOrderTheFacesWereAddedIn() throws {
        for order in [Self.frontFirst, Self.frontLast] {
            #expect(isColor(try centre(order: order, turn: 0.4), 255, 0, 0), "\(order)")
        }
    }

    @Test func turningTheTransformLayerBringsTheBackFaceToTheFront() throws {
        // The order follows the whole 3D chain: the transform layer's own turn by π + 0.4 puts
        // the back face nearest the viewer, though its own transform points it away.
        for order in [Self.frontFirst, Self.frontLast] {
            #expect(isColor(try centre(order: order, turn: Double.pi + 0.4), 0, 0, 255), "\(order)")
        }
    }
}
