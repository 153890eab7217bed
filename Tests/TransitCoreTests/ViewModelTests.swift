import Testing
@testable import TransitCore

@Suite struct HierarchyTests {
    @Test func addingAViewWithASuperviewMovesIt() throws {
        let world = World()
        let a = View(world: world), b = View(world: world), child = View(world: world)
        try a.addSubview(child)
        try b.addSubview(child)
        #expect(a.subviews.isEmpty)
        #expect(b.subviews.count == 1 && child.superview === b)
    }

    /// UIKit does not raise for a sibling that is not a subview; the view goes below all
    /// subviews (docs/semantics.md).
    @Test func insertBelowAStrangerPutsTheViewAtTheBottom() throws {
        let world = World()
        let parent = View(world: world), stranger = View(world: world), view = View(world: world)
        let sibling = View(world: world)
        try parent.addSubview(sibling)
        try parent.insertSubview(view, belowSubview: stranger)
        #expect(parent.subviews.map { ObjectIdentifier($0) } == [ObjectIdentifier(view), ObjectIdentifier(sibling)])
        #expect(stranger.superview == nil)
        try parent.insertSubview(view, aboveSubview: sibling)
        #expect(parent.subviews.map { ObjectIdentifier($0) } == [ObjectIdentifier(sibling), ObjectIdentifier(view)])
    }

    @Test func aViewCannotContainItsAncestor() throws {
        let world = World()
        let a = View(world: world), b = View(world: world)
        try a.addSubview(b)
        #expect(throws: ModelUsageError.self) { try b.addSubview(a) }
        #expect(throws: ModelUsageError.self) { try a.addSubview(a) }
    }

    @Test func autoresizingFollowsTheSuperviewSize() throws {
        let world = World()
        let parent = View(world: world, frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let child = View(world: world, frame: Rect(x: 10, y: 10, width: 80, height: 20))
        child.autoresizingMask = [.flexibleWidth]
        try parent.addSubview(child)
        parent.bounds = Rect(x: 0, y: 0, width: 200, height: 100)
        #expect(child.frame == Rect(x: 10, y: 10, width: 180, height: 20))
    }
}

@Suite struct ConversionTests {
    @Test func convertAddsOffsetsAndBoundsOrigins() throws {
        let world = World()
        let root = View(world: world, frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let a = View(world: world, frame: Rect(x: 50, y: 60, width: 200, height: 200))
        let b = View(world: world, frame: Rect(x: 10, y: 20, width: 50, height: 50))
        try root.addSubview(a); try a.addSubview(b)
        #expect(b.convert(Point(x: 1, y: 2), to: root) == Point(x: 61, y: 82))
        a.bounds = Rect(x: 5, y: 5, width: 200, height: 200)
        #expect(b.convert(Point(x: 0, y: 0), to: root) == Point(x: 55, y: 75))
        #expect(root.convert(Point(x: 55, y: 75), to: b) == Point(x: 0, y: 0))
    }

    @Test func convertAppliesTransformsAboutTheCenter() throws {
        let world = World()
        let root = View(world: world, frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let a = View(world: world, frame: Rect(x: 100, y: 100, width: 100, height: 100))
        try root.addSubview(a)
        a.transform = .scale(2, 2)
        // The center (150, 150) stays; the corner (0, 0) maps to 150 - 2 * 50.
        #expect(a.convert(Point(x: 0, y: 0), to: root) == Point(x: 50, y: 50))
        #expect(a.frame == Rect(x: 50, y: 50, width: 200, height: 200))
        let rotated = View(world: world, frame: Rect(x: 0, y: 0, width: 100, height: 50))
        try root.addSubview(rotated)
        rotated.transform = .rotation(.pi / 2)
        let corner = rotated.convert(Point(x: 0, y: 0), to: root)
        // Rotating 90° about the center (50, 25): (−50, −25) → (25, −50).
        #expect(abs(corner.x - 75) < 1e-9 && abs(corner.y - (-25)) < 1e-9)
    }
}

/// `convert(_:to:)` of a rectangle takes its four corners up and down the chain together; each
/// corner must come out as converting it alone, point by point, does (the same bits).
@Suite struct RectangleConversionTests {
    @Test func aRectangleConvertsAsItsFourCornersDo() throws {
        let world = World()
        var random = SeededGenerator(state: 7)
        for round in 0..<200 {
            let root = View(world: world, frame: Rect(x: 0, y: 0, width: 400, height: 800))
            var chain: [View] = [root]
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let view = View(world: world, frame: Rect(x: .random(in: -50...50, using: &random), y: .random(in: -50...50, using: &random),
                                                          width: .random(in: 0...300, using: &random), height: .random(in: 0...300, using: &random)))
                switch Int.random(in: 0..<4, using: &random) {
                case 0: view.transform = .rotation(.random(in: -3...3, using: &random))
                case 1: view.transform = .scale(.random(in: -2...2, using: &random), .random(in: 0.1...2, using: &random))
                case 2: view.layer.transform = Transform3D.rotation(.random(in: -3...3, using: &random), 0, 1, 0)
                default: break
                }
                view.layer.anchorPoint = Point(x: .random(in: 0...1, using: &random), y: .random(in: 0...1, using: &random))
                try chain.last!.addSubview(view)
                chain.append(view)
            }
            let leaf = chain.last!, rect = Rect(x: .random(in: -20...20, using: &random), y: 3, width: .random(in: 0...90, using: &random), height: 40)
            // Up, one corner at a time, as pointToSuperview does.
            let corners = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                           Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY)].map { corner in
                chain.dropFirst().reversed().reduce(corner) { point, view in view.pointToSuperview(point) }
            }
            let expected = Rect(x: corners.map(\.x).min()!, y: corners.map(\.y).min()!,
                                width: corners.map(\.x).max()! - corners.map(\.x).min()!, height: corners.map(\.y).max()! - corners.map(\.y).min()!)
            #expect(leaf.convert(rect, to: root) == expected, "round \(round)")
            // And down again into a sibling chain's view.
            let other = View(world: world, frame: Rect(x: 30, y: 40, width: 100, height: 100))
            other.transform = .rotation(0.3)
            try root.addSubview(other)
            let back = expected
            let downCorners = [Point(x: back.minX, y: back.minY), Point(x: back.maxX, y: back.minY),
                               Point(x: back.minX, y: back.maxY), Point(x: back.maxX, y: back.maxY)].map { other.pointFromSuperview($0) }
            let expectedDown = Rect(x: downCorners.map(\.x).min()!, y: downCorners.map(\.y).min()!,
                                    width: downCorners.map(\.x).max()! - downCorners.map(\.x).min()!, height: downCorners.map(\.y).max()! - downCorners.map(\.y).min()!)
            #expect(root.convert(back, to: other) == expectedDown, "round \(round)")
        }
    }

    /// Snapshotting an unchanged view again hands out the same tree storage (a snapshot
    /// renderer then draws its picture once, by identity, however many pieces show it).
    @Test func snapshotsOfAnUnchangedViewShareTheirTree() throws {
        let world = World()
        let root = View(world: world, frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let picture = View(world: world, frame: Rect(x: 0, y: 0, width: 400, height: 800))
        try root.addSubview(picture)
        let pieces = (0..<3).map { _ in picture.snapshotView() }
        let trees = pieces.map { piece -> LayerSnapshot? in
            if case .snapshot(let tree) = piece.layer.content { return tree }
            return nil
        }
        #expect(trees.allSatisfy { $0 != nil })
        #expect(Set(trees.map { $0!.storageIdentity }).count == 1)
        // A view moved off its origin still snapshots at its own origin, transform undone.
        picture.frame = Rect(x: 10, y: 20, width: 400, height: 800)
        picture.transform = .scale(2, 2)
        guard case .snapshot(let moved) = picture.snapshotView().layer.content else { Issue.record("no snapshot"); return }
        #expect(moved.transform == .identity && moved.position == Point(x: 200, y: 400))
    }
}

@Suite struct DeviceTests {
    @Test func profilesAndCustomSizes() throws {
        #expect(Device.named("iPhone SE")?.size == Size(width: 375, height: 667))
        #expect(Device.named("iphone 15")?.scale == 3)
        let custom = try #require(Device.named("320x480@2"))
        #expect(custom.size == Size(width: 320, height: 480) && custom.scale == 2 && custom.idiom == .phone)
        #expect(Device.named("iPad")?.idiom == .pad)
        #expect(Device.named("banana") == nil)
        #expect(Device.named("0x480@2") == nil)
    }

    @Test func screenFollowsOrientationAndSizeClasses() {
        let world = World(device: Device.named("iPhone SE")!)
        #expect(world.screen.bounds.size == Size(width: 375, height: 667))
        #expect(world.screen.verticalSizeClass == .regular)
        world.orientation = .landscapeLeft
        #expect(world.screen.bounds.size == Size(width: 667, height: 375))
        #expect(world.screen.verticalSizeClass == .compact)
    }
}

@Suite struct TraceRetentionTests {
    @Test func aRetainedTraceKeepsTheLatestEntriesAndCountsEveryCall() {
        let trace = Trace()
        trace.retention = 10
        for index in 0..<95 {
            let call = trace.begin(time: Double(index), turn: index, object: "Fade", hook: "hook\(index)", arguments: [])
            trace.end(call, result: "r\(index)")
        }
        #expect(trace.callCount == 95)
        #expect(trace.entries.count >= 10 && trace.entries.count < 20)
        #expect(trace.entries.last?.hook == "hook94")
        #expect(trace.entries.last?.result == "r94")
        #expect(trace.droppedCount + trace.entries.count == 95)
        #expect(trace.lines.first?.contains("\(trace.droppedCount) earlier trace entries not kept") == true)
    }

    @Test func withoutRetentionEveryEntryIsKept() {
        let trace = Trace()
        for index in 0..<500 { trace.note(time: 0, turn: index, "n\(index)") }
        #expect(trace.entries.count == 500)
        #expect(trace.lines.count == 500)
    }
}
