import Foundation
import TransitCore

/// What the player's curves panel plots: for each layer whose geometry, alpha or transform
/// changes across the frames, the changing components against time.
///
/// Layers are matched across snapshots by `LayerSnapshot.serial` (the model layer's creation
/// number): names repeat ("UIView") and a transition moves views between superviews, so neither
/// the name nor the path in the tree follows one layer. Hand-built trees (serial 0) fall back to
/// name + path, which is stable there because nothing reparents them.
public struct PlayerCurves: Sendable, Equatable {
    public struct Series: Sendable, Equatable {
        /// e.g. "x", "alpha", "rotation°", "m34".
        public var name: String
        /// One value per frame; nil where the layer is not in that frame's tree.
        public var values: [Double?]
    }

    /// Series plotted on one chart: they share a unit ("frame (pt)", "alpha", "scale", ...).
    public struct Chart: Sendable, Equatable {
        public var title: String
        public var series: [Series]
    }

    public struct Layer: Sendable, Equatable {
        public var name: String
        public var charts: [Chart]
    }

    public var layers: [Layer]

    /// Changes smaller than this (points, alpha, matrix units) are rounding, not animation.
    static let epsilon = 1e-6

    public init(snapshots: [LayerSnapshot]) {
        var tracks: [String: Track] = [:]
        var order: [String] = []
        for (frame, root) in snapshots.enumerated() {
            Self.visit(root, path: "", frame: frame) { key, layer in
                if tracks[key] == nil {
                    tracks[key] = Track(name: layer.name, samples: Array(repeating: nil, count: snapshots.count))
                    order.append(key)
                }
                tracks[key]!.samples[frame] = layer
            }
        }
        layers = order.compactMap { tracks[$0]!.plotted() }
    }

    /// Depth-first over the presentation tree (not into snapshot contents: those are copies
    /// drawn as pictures, not layers that move).
    private static func visit(_ layer: LayerSnapshot, path: String, frame: Int, _ body: (String, LayerSnapshot) -> Void) {
        let key = layer.serial != 0 ? "#\(layer.serial)" : path + "/" + layer.name
        body(key, layer)
        for (index, child) in layer.sublayers.enumerated() {
            visit(child, path: path + "/" + layer.name + "[\(index)]", frame: frame, body)
        }
    }

    /// One layer's snapshots, frame by frame.
    private struct Track {
        var name: String
        var samples: [LayerSnapshot?]

        func values(_ component: (LayerSnapshot) -> Double) -> [Double?] { samples.map { $0.map(component) } }

        func plotted() -> Layer? {
            var charts: [Chart] = []
            func chart(_ title: String, _ candidates: [(String, [Double?])]) {
                let changing = candidates.filter { PlayerCurves.changes($0.1) }.map { Series(name: $0.0, values: $0.1) }
                if !changing.isEmpty { charts.append(Chart(title: title, series: changing)) }
            }
            chart("frame (pt)", [("x", values { $0.frame.x }), ("y", values { $0.frame.y }),
                                 ("width", values { $0.frame.width }), ("height", values { $0.frame.height })])
            chart("center (pt)", [("center x", values { $0.position.x }), ("center y", values { $0.position.y })])
            chart("alpha", [("alpha", values { $0.opacity })])
            let transforms = samples.compactMap { $0?.transform }
            if transforms.allSatisfy(\.isAffine) {
                // Scale, rotation and translation read better than a, b, c, d (shear is rare in
                // transitions and shows up as a scale y that differs from the matrix's d).
                let parts = samples.map { $0.map { AffineParts($0.transform.affine) } }
                chart("scale", [("scale x", parts.map { $0?.scaleX }), ("scale y", parts.map { $0?.scaleY })])
                chart("rotation (°)", [("rotation", PlayerCurves.unwrapDegrees(parts.map { $0?.degrees }))])
                chart("translation (pt)", [("tx", parts.map { $0?.tx }), ("ty", parts.map { $0?.ty })])
            } else {
                // A 3D transform has no unique decomposition; plot the matrix elements that change,
                // grouped by what they scale so one chart does not squash another's range.
                func elements(_ names: [String]) -> [(String, [Double?])] {
                    names.map { name in
                        let index = Transform3D.elementNames.firstIndex(of: name)!
                        return (name, values { $0.transform.elements[index] })
                    }
                }
                chart("3D rotation/scale", elements(["m11", "m12", "m13", "m21", "m22", "m23", "m31", "m32", "m33"]))
                chart("3D translation (pt)", elements(["m41", "m42", "m43"]))
                chart("3D perspective", elements(["m14", "m24", "m34", "m44"]))
            }
            return charts.isEmpty ? nil : Layer(name: name, charts: charts)
        }
    }

    static func changes(_ values: [Double?]) -> Bool {
        let present = values.compactMap { $0 }.filter(\.isFinite)
        guard let low = present.min(), let high = present.max() else { return false }
        return high - low > epsilon
    }

    /// atan2 jumps from 180° to −180°; a spin past that point should read as a continuous line.
    static func unwrapDegrees(_ values: [Double?]) -> [Double?] {
        var previous: Double?
        return values.map { value in
            guard var value else { return nil }
            if let previous {
                while value - previous > 180 { value -= 360 }
                while value - previous < -180 { value += 360 }
            }
            previous = value
            return value
        }
    }
}

/// An affine transform as scale, rotation and translation (rotation taken from the first column).
struct AffineParts {
    var scaleX: Double, scaleY: Double, degrees: Double, tx: Double, ty: Double

    init(_ t: Transform2D) {
        scaleX = (t.a * t.a + t.b * t.b).squareRoot()
        scaleY = scaleX == 0 ? (t.c * t.c + t.d * t.d).squareRoot() : (t.a * t.d - t.b * t.c) / scaleX
        degrees = scaleX == 0 ? 0 : atan2(t.b, t.a) * 180 / .pi
        tx = t.tx
        ty = t.ty
    }
}
