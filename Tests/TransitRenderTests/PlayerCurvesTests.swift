import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua
@testable import TransitRender

/// Runs a scene and returns the presentation trees at the given times.
private func snapshots(_ source: String, at times: [Double]) throws -> [LayerSnapshot] {
    try sceneSnapshots(source, at: times).trees
}

private let tenths = (0...10).map { Double($0) / 10 }

private func layer(_ curves: PlayerCurves, named name: String) -> PlayerCurves.Layer? {
    curves.layers.first { $0.name.contains("\"\(name)\"") }
}

private func series(_ layer: PlayerCurves.Layer?, _ name: String) -> [Double?]? {
    layer?.charts.flatMap(\.series).first { $0.name == name }?.values
}

@Suite struct PlayerCurvesTests {
    @Test func aFadeInGivesARisingAlphaCurveAndStillViewsAreNotPlotted() throws {
        let trees = try snapshots("""
            local vc = UIViewController.new{ backgroundColor = UIColor.white }
            transit.window.rootViewController = vc
            local fader = UIView.new{ name = "fader", frame = CGRect(10, 10, 50, 50), backgroundColor = UIColor.red }
            local still = UIView.new{ name = "still", frame = CGRect(100, 100, 50, 50), backgroundColor = UIColor.blue }
            vc.view:addSubview(fader)
            vc.view:addSubview(still)
            fader.alpha = 0
            UIView.animate(0.5, function() fader.alpha = 1 end)
            transit.wait(1)
            """, at: tenths)
        let curves = PlayerCurves(snapshots: trees)
        let fader = try #require(layer(curves, named: "fader"))
        let alpha = try #require(series(fader, "alpha")).compactMap { $0 }
        #expect(alpha.count == tenths.count)
        #expect(alpha.first! < 0.01 && alpha.last! > 0.99)
        #expect(zip(alpha, alpha.dropFirst()).allSatisfy { $0 <= $1 + 1e-9 })
        #expect(alpha[2] > alpha[0] && alpha[5] > alpha[2])
        // Only what changes is plotted: the fader's frame stays put.
        #expect(fader.charts.map(\.title) == ["alpha"])
        #expect(layer(curves, named: "still") == nil)
    }

    @Test func aViewMovedToAnotherSuperviewIsOneLayer() throws {
        // The same view under two superviews (as a transition moves a view into its container):
        // its curve continues instead of splitting into two layers.
        let trees = try snapshots("""
            local vc = UIViewController.new{ backgroundColor = UIColor.white }
            transit.window.rootViewController = vc
            local left = UIView.new{ name = "left", frame = CGRect(0, 0, 100, 200) }
            local right = UIView.new{ name = "right", frame = CGRect(100, 0, 100, 200) }
            vc.view:addSubview(left)
            vc.view:addSubview(right)
            local mover = UIView.new{ name = "mover", frame = CGRect(0, 0, 20, 20), backgroundColor = UIColor.red }
            left:addSubview(mover)
            UIView.animate{ duration = 1, options = { "curveLinear" }, animations = function() mover.alpha = 0 end }
            transit.wait(0.45)
            right:addSubview(mover)
            transit.wait(1)
            """, at: tenths)
        let curves = PlayerCurves(snapshots: trees)
        #expect(curves.layers.filter { $0.name.contains("\"mover\"") }.count == 1)
        let alpha = try #require(series(layer(curves, named: "mover"), "alpha"))
        #expect(alpha.allSatisfy { $0 != nil })
        #expect(abs(alpha[2]! - 0.8) < 0.01 && abs(alpha[8]! - 0.2) < 0.01)
    }

    @Test func affineTransformsArePlottedAsScaleRotationAndTranslation() throws {
        let trees = try snapshots("""
            local vc = UIViewController.new{ backgroundColor = UIColor.white }
            transit.window.rootViewController = vc
            local spinner = UIView.new{ name = "spinner", frame = CGRect(50, 50, 40, 40), backgroundColor = UIColor.red }
            vc.view:addSubview(spinner)
            UIView.animate{ duration = 1, options = { "curveLinear" }, animations = function()
              spinner.transform = CGAffineTransform.rotation(math.pi / 2):scaledBy(2, 2)
            end }
            transit.wait(1)
            """, at: tenths)
        let spinner = try #require(layer(PlayerCurves(snapshots: trees), named: "spinner"))
        let rotation = try #require(series(spinner, "rotation")).compactMap { $0 }
        let scale = try #require(series(spinner, "scale x")).compactMap { $0 }
        #expect(abs(rotation.first!) < 1e-6 && abs(rotation.last! - 90) < 1e-6)
        #expect(abs(scale.first! - 1) < 1e-6 && abs(scale.last! - 2) < 1e-6)
        #expect(series(spinner, "tx") == nil)  // no translation: not plotted
    }

    @Test func threeDTransformsArePlottedAsTheChangingMatrixElements() throws {
        let trees = try snapshots("""
            local vc = UIViewController.new{ backgroundColor = UIColor.white }
            transit.window.rootViewController = vc
            local card = UIView.new{ name = "card", frame = CGRect(50, 50, 100, 100), backgroundColor = UIColor.blue }
            vc.view:addSubview(card)
            UIView.animate{ duration = 1, options = { "curveLinear" }, animations = function()
              card.layer.transform = CATransform3D.rotation(math.pi / 3, 0, 1, 0)
            end }
            transit.wait(1)
            """, at: tenths)
        let card = try #require(layer(PlayerCurves(snapshots: trees), named: "card"))
        let m11 = try #require(series(card, "m11")).compactMap { $0 }
        #expect(abs(m11.first! - 1) < 1e-6 && abs(m11.last! - 0.5) < 1e-6)
        #expect(series(card, "m22") == nil)  // a turn about y leaves m22 at 1
        #expect(series(card, "rotation") == nil)
    }

    @Test func handBuiltTreesAreMatchedByNameAndPath() {
        func tree(_ x: Double) -> LayerSnapshot {
            Scene.canvas(100, 100, [Scene.view(Rect(x: x, y: 0, width: 10, height: 10), Scene.red),
                                     Scene.view(Rect(x: 50, y: 50, width: 10, height: 10), Scene.blue)])
        }
        let curves = PlayerCurves(snapshots: [tree(0), tree(10), tree(20)])
        #expect(curves.layers.count == 1)
        #expect(curves.layers.first?.charts.first?.series.first { $0.name == "x" }?.values == [0, 10, 20])
    }

    @Test func payloadIsDeterministicAndScriptSafe() throws {
        let frames = [EncoderTests.testCard(), EncoderTests.testCard(shift: 9)]
        func document() -> PlayerDocument {
            PlayerDocument(title: "</script><b>", fps: 30, frames: frames, times: [0, 1.0 / 30], snapshots: [], trace: [])
        }
        let first = try HTMLPlayer.page(document()), second = try HTMLPlayer.page(document())
        #expect(first == second)
        #expect(!first.contains("</script><b>"))
        #expect(PlayerPayload.string("a</script>\n\"b\"") == #""a\u003c/script\u003e\n\"b\"""#)
        #expect(PlayerPayload.number(0.1234567) == "0.123" && PlayerPayload.number(-0.0001) == "0" && PlayerPayload.number(393) == "393")
        #expect(PlayerPayload.number(.nan) == "null")
    }

    /// A series is written as (value, count) runs of the values as rounded: expanded, the runs
    /// give back every frame's value, nulls included, and repeated values cost one pair.
    @Test func seriesAreWrittenAsRunsThatExpandToEveryFrame() throws {
        let values: [Double?] = [0, 0, 0, 0.0001, 1.5, 1.5, nil, nil, 1.5, 2, 2, 2, 2]
        let written = PlayerPayload.runs(values)
        #expect(written == "0,4,1.5,2,null,2,1.5,1,2,4", "0.0001 rounds to 0 and joins the first run")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data("[\(written)]".utf8)) as? [Any])
        var expanded: [Double?] = []
        for pair in stride(from: 0, to: parsed.count, by: 2) {
            let value = parsed[pair] as? Double, count = try #require(parsed[pair + 1] as? Int)
            expanded += Array(repeating: value, count: count)
        }
        #expect(expanded == values.map { $0.map { ($0 * 1000).rounded() / 1000 } })
        #expect(PlayerPayload.runs([]) == "")
    }
}
