import Foundation
import Testing
@testable import TransitCore
@testable import TransitPipeline
@testable import TransitRender
import TransitLua

/// Golden references (docs/testing.md): the pixelmatch-style frame comparison, the reference's
/// bytes and their reading, the tolerance header, and the comparison's mismatches.
@Suite struct GoldenTests {
    /// A `width`×`height` image of one colour.
    static func solid(_ width: Int, _ height: Int, _ value: UInt8) -> RasterImage {
        var pixels = [UInt8](repeating: value, count: width * height * 4)
        for index in stride(from: 3, to: pixels.count, by: 4) { pixels[index] = 255 }
        return RasterImage(width: width, height: height, validatedPixels: pixels)
    }

    static func setting(_ image: RasterImage, x: Int, y: Int, grey: UInt8) -> RasterImage {
        var copy = image
        let index = (y * image.width + x) * 4
        copy.pixels[index] = grey; copy.pixels[index + 1] = grey; copy.pixels[index + 2] = grey
        return copy
    }

    /// With threshold 0.1 a grey step differs once 0.5053 × d² exceeds 35215 × 0.01, so from
    /// d = 27 (26.4 is the boundary): one pixel 26 darker is the same frame, 27 darker is not.
    @Test func onePixelJustBelowTheThresholdIsTheSameAndJustAboveDiffers() throws {
        let white = Self.solid(20, 20, 255)
        let below = try #require(PixelMatch.compare(white, Self.setting(white, x: 10, y: 10, grey: 255 - 26)))
        #expect(below.count == 0)
        let above = try #require(PixelMatch.compare(white, Self.setting(white, x: 10, y: 10, grey: 255 - 27)))
        #expect(above.count == 1)
        #expect(above.antialiased == 0)
        // The heat map marks it red and fades everything else to a light grey.
        let marked = above.heatMap.pixel(x: 10, y: 10)
        #expect(marked.r == 255 && marked.g < 200 && marked.b < 200)
        let faded = above.heatMap.pixel(x: 0, y: 0)
        #expect(faded.r == faded.g && faded.g == faded.b && faded.r > 200)
    }

    /// An edge's in-between pixel (black | grey | white) that changes is antialiasing, not a
    /// difference; the same change in a flat area is one.
    @Test func anAntialiasedEdgePixelIsNotCounted() throws {
        var pixels: [UInt8] = []
        for _ in 0..<10 {
            for x in 0..<10 {
                let value: UInt8 = x < 5 ? 0 : x == 5 ? 128 : 255
                pixels += [value, value, value, 255]
            }
        }
        let edge = RasterImage(width: 10, height: 10, validatedPixels: pixels)
        let moved = try #require(PixelMatch.compare(edge, Self.setting(edge, x: 5, y: 5, grey: 60)))
        #expect(moved.count == 0)
        #expect(moved.antialiased == 1)
        let flat = try #require(PixelMatch.compare(edge, Self.setting(edge, x: 8, y: 5, grey: 60)))
        #expect(flat.count == 1)
    }

    @Test func framesOfDifferentSizesDoNotCompare() {
        #expect(PixelMatch.compare(Self.solid(4, 4, 0), Self.solid(4, 5, 0)) == nil)
    }

    static func reference(alpha: Double = 0.5, end: Double = 0.4) -> GoldenReference {
        func view(_ name: String, _ x: Double, alpha: Double, transform: [Double]? = nil) -> GoldenViewState {
            GoldenViewState(name: name, frame: [x, 0, 100, 200], alpha: alpha, transform: transform, hidden: false)
        }
        let rotated = Transform3D.identity.elements.enumerated().map { $0 == 0 ? 0.5 : $1 }
        let samples = [
            GoldenSample(time: 0.1, phase: "present", views: ["UIWindow": view("UIWindow", 0, alpha: 1)]),
            GoldenSample(time: 0.2, phase: "present", views: ["UIWindow": view("UIWindow", 0, alpha: 1),
                                                              "UIWindow/UIView \"card\"": view("UIView \"card\"", 10.25, alpha: alpha, transform: rotated)]),
            GoldenSample(time: 0.3, phase: "present", views: ["UIWindow": view("UIWindow", 0, alpha: 1),
                                                              "UIWindow/UIView \"card\"": view("UIView \"card\"", 20, alpha: 1)]),
        ]
        let cell = GoldenCell(name: "iPhone 15 / iOS 18 / custom / present-dismiss animated", label: "iPhone 15",
                              phases: [GoldenPhase(phase: "present", start: 0.1, end: end, completed: true)], samples: samples)
        return GoldenReference(effect: "fade.lua", cells: [cell],
                               frames: [GoldenFrame(file: "frame-1-present-50.png", phase: "present", percent: 50, time: 0.25)])
    }

    /// What is written reads back as the same reference, and writing that gives the same bytes.
    @Test func aReferenceReadsBackAsWrittenAndRewritesToTheSameBytes() throws {
        let original = Self.reference()
        let bytes = original.timelineJSON
        let read = try GoldenReference(timeline: bytes, file: "timeline.json")
        #expect(read.cells.first?.samples == original.cells.first?.samples)
        #expect(read.cells.first?.phases == original.cells.first?.phases)
        #expect(read.frames == original.frames)
        #expect(read.timelineJSON == bytes)
        // A view that came is written once: the third sample lists only what changed.
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("\"views\": [\n\"UIWindow\",\n\"UIWindow/UIView \\\"card\\\"\"\n]"))
    }

    @Test func aReferenceOfAnotherVersionAsksForARecord() {
        let data = Data("{\"version\": 99, \"cells\": []}".utf8)
        #expect(throws: GoldenFormatError.self) { try GoldenReference(timeline: data, file: "x/timeline.json") }
    }

    @Test func theComparisonHoldsToItsTolerancesAndNamesViewPropertyAndTime() {
        let expected = Self.reference()
        #expect(expected.mismatches(Self.reference(alpha: 0.505), tolerance: GoldenTolerance()).isEmpty)
        let mismatches = expected.mismatches(Self.reference(alpha: 0.62), tolerance: GoldenTolerance())
        #expect(mismatches.map(\.description) == ["present (iPhone 15): UIView \"card\" alpha at 0.200 s: expected 0.500, got 0.620"])
        var loose = GoldenTolerance()
        loose.alpha = 0.2
        #expect(expected.mismatches(Self.reference(alpha: 0.62), tolerance: loose).isEmpty)
        // Phase times are exact.
        let moved = expected.mismatches(Self.reference(end: 0.400000001 + 0.01), tolerance: GoldenTolerance())
        #expect(moved.map(\.description) == ["present (iPhone 15): transition end: expected 0.400 s, got 0.410 s"])
    }

    /// The trace is compared line for line: the first line that differs is the one reported.
    @Test func theTraceIsComparedLineForLine() throws {
        var expected = Self.reference(), got = Self.reference()
        expected.cells[0].events = ["0.100 #0 Fade.transitionDuration(ctx) -> 0.3", "0.100 #0 Fade.animateTransition(ctx)", "0.400 #1 [ctx] completeTransition(true)"]
        got.cells[0].events = ["0.100 #0 Fade.transitionDuration(ctx) -> 0.5", "0.100 #0 Fade.animateTransition(ctx)", "0.600 #1 [ctx] completeTransition(true)"]
        #expect(expected.mismatches(got, tolerance: GoldenTolerance()).map(\.description) == [
            "trace (iPhone 15): line 1: expected \"0.100 #0 Fade.transitionDuration(ctx) -> 0.3\", got \"0.100 #0 Fade.transitionDuration(ctx) -> 0.5\" (and 1 more line differs)",
        ])
        // And it is kept in the reference as written.
        let read = try GoldenReference(timeline: expected.timelineJSON, file: "timeline.json")
        #expect(read.cells[0].events == expected.cells[0].events)
        #expect(expected.mismatches(read, tolerance: GoldenTolerance()).isEmpty)
    }

    @Test func theToleranceHeaderIsReadFromTheLeadingComments() throws {
        let source = "-- A fade.\n-- transit-test: geometry=1 alpha=0.05 pixels=20\n--  transit-test: threshold=0.2\nlocal x = 1\n-- transit-test: pixels=99\n"
        let tolerance = try GoldenTolerance(header: source, file: "fade.lua")
        #expect(tolerance.geometry == 1 && tolerance.alpha == 0.05 && tolerance.pixels == 20 && tolerance.threshold == 0.2)
        #expect(tolerance.transform == GoldenTolerance().transform)
        do {
            _ = try GoldenTolerance(header: "-- fade\n-- transit-test: pixel=3\n", file: "fade.lua")
            Issue.record("an unknown setting was accepted")
        } catch let error as GoldenFormatError {
            #expect(error.description == "fade.lua:2: unknown transit-test setting \"pixel\"; known: alpha, geometry, pixels, threshold, transform")
        }
        #expect(throws: GoldenFormatError.self) { try GoldenTolerance(header: "-- transit-test: threshold=2\n", file: "f.lua") }
    }

    /// The recorder through the run pipeline: the check scene's default cell (present and
    /// dismiss once), sampled and drawn, the same bytes run after run.
    @Test func aRecordedCellIsTheSameBytesRunAfterRun() throws {
        let directory = try RenderJobTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = RunConfiguration(file: directory.appendingPathComponent("fade.lua"))
        configuration.scene = LuaRuntime.defaultScriptsDirectory?.appendingPathComponent("scenes/check.lua")
        func record() throws -> (Data, [Data]) {
            let format = GoldenFormat(drawsFrames: true)
            try RenderJob.run(configuration, format: format, to: nil, progress: false)
            let cell = GoldenCell(name: "default", label: "iPhone 15", phases: format.phases, samples: format.samples)
            let reference = GoldenReference(effect: "fade.lua", cells: [cell], frames: format.frames.map(\.frame))
            return (reference.timelineJSON, try format.frames.map { Data(try PNGEncoder.encode($0.image)) })
        }
        let first = try record()
        #expect(first.1.count == 3)   // present 50 % and 100 %, dismiss 50 %
        let reference = try GoldenReference(timeline: first.0, file: "timeline.json")
        #expect(reference.cells[0].phases.map(\.phase) == ["present", "dismiss"])
        // Every 1/30 s of each 0.3 s transition, and its end.
        #expect(reference.cells[0].samples.count == 2 * 10)
        let second = try record()
        #expect(second.0 == first.0)
        #expect(second.1 == first.1)
    }
}
