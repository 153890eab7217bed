import Testing
@testable import TransitCore

// The timeline's indexes (rosters with O(1) removal, per-layer animation folds, the event heap,
// shared snapshot storage) must not change a single value or the order of a single call. Each
// test compares against a reference computed independently of the indexes: by formula, by a
// sorted list, or by a second world that never takes the path under test.

/// An object with the slot a roster needs, for testing `Roster` on its own.
private final class Member {
    let id: Int
    var slot = -1
    init(_ id: Int) { self.id = id }
}

private enum MemberPlace: RosterPlace {
    static func slot(of element: Member) -> Int { element.slot }
    static func setSlot(of element: Member, to slot: Int) { element.slot = slot }
}

/// The opacity an additive alpha animation from `from` to `to` shows at `time` (begun at 0,
/// ease-in-ease-out), written out from the semantics rather than through the layer.
private func expectedOpacity(from: Double, to: Double, duration: Double, at time: Double) -> Double {
    let progress = TimingFunction.easeInEaseOut.value(at: time / duration)
    let delta = from - to
    return to + (delta + (0 - delta) * progress)
}

private func viewsInWindow(_ world: World, _ count: Int) throws -> [View] {
    try (0..<count).map { index in
        let view = View(world: world, frame: Rect(x: Double(index), y: 0, width: 10, height: 10))
        try world.window.addSubview(view)
        return view
    }
}

@Suite struct RosterTests {
    @Test func removalsInAnyOrderKeepTheRestInInsertionOrder() {
        var roster = Roster<MemberPlace>()
        var reference: [Member] = []
        var generator = SystemRandomNumberGenerator()
        var next = 0
        for step in 0..<5_000 {
            if reference.isEmpty || step % 3 != 0 {
                let member = Member(next)
                next += 1
                roster.append(member)
                reference.append(member)
            } else {
                let index = Int.random(in: 0..<reference.count, using: &generator)
                roster.remove(reference.remove(at: index))
            }
            if step % 97 == 0 { #expect(roster.elements.map(\.id) == reference.map(\.id)) }
        }
        #expect(roster.elements.map(\.id) == reference.map(\.id))
        #expect(roster.count == reference.count)
        #expect(roster.last { $0.id % 2 == 0 }?.id == reference.last { $0.id % 2 == 0 }?.id)
    }

    @Test func removingANonMemberOrRemovingTwiceChangesNothing() {
        var roster = Roster<MemberPlace>()
        let a = Member(1), b = Member(2), stranger = Member(3)
        roster.append(a)
        roster.append(b)
        roster.remove(stranger)
        roster.remove(a)
        roster.remove(a)
        #expect(roster.elements.map(\.id) == [2])
        #expect(!roster.contains(a) && roster.contains(b))
    }
}

@Suite struct TimelineIndexTests {
    @Test func cancellingOneAnimationAmongManyLeavesTheOthersExact() throws {
        let world = World(), untouched = World()
        let views = try viewsInWindow(world, 200), references = try viewsInWindow(untouched, 200)
        for (index, (view, reference)) in zip(views, references).enumerated() {
            let duration = 0.5 + Double(index) * 0.01
            try world.animate(duration: duration, animations: { view.alpha = 0.2 })
            try untouched.animate(duration: duration, animations: { reference.alpha = 0.2 })
        }
        try world.advance(to: 0.3)
        try untouched.advance(to: 0.3)
        views[100].layer.removeAllAnimations()
        views[17].layer.removeAllAnimations()
        for (index, (view, reference)) in zip(views, references).enumerated() where index != 100 && index != 17 {
            let shown = view.layer.presentationValue(.opacity, at: 0.37)
            #expect(shown == reference.layer.presentationValue(.opacity, at: 0.37))
            let expected = expectedOpacity(from: 1, to: 0.2, duration: 0.5 + Double(index) * 0.01, at: 0.37)
            #expect(shown == .number(expected))
        }
        #expect(views[100].layer.presentationValue(.opacity, at: 0.37) == .number(0.2))
        try world.drain()  // the cancelled groups complete on the next turn
        #expect(world.liveGroups.count == 198)
    }

    @Test func stackedAdditiveAnimationsFoldInTheOrderTheyWereAdded() throws {
        let world = World()
        let view = try viewsInWindow(world, 1)[0]
        try world.animate(duration: 1, animations: { view.center = Point(x: 100, y: 0) })
        try world.advance(to: 0.2)
        try world.animate(duration: 1, animations: { view.alpha = 0.5 })
        try world.animate(duration: 1, animations: { view.center = Point(x: 300, y: 50) })
        try world.advance(to: 0.5)
        // position: model (300, 50) + first delta (5 − 100, 5 − 0)·(1 − p(0.5)) + second (100 − 300, 0 − 50)·(1 − p(0.3)).
        let p1 = TimingFunction.easeInEaseOut.value(at: 0.5), p2 = TimingFunction.easeInEaseOut.value(at: 0.3)
        func share(_ delta: Double, _ p: Double) -> Double { delta + (0 - delta) * p }
        let first = Point(x: 300 + share(5 - 100, p1), y: 50 + share(5 - 0, p1))
        let expected = Point(x: first.x + share(100 - 300, p2), y: first.y + share(0 - 50, p2))
        #expect(view.layer.presentationValue(.position, at: 0.5) == .point(expected))
        let snapshot = view.layer.snapshot(at: 0.5)
        #expect(snapshot.position == expected)
        #expect(.number(snapshot.opacity) == view.layer.presentationValue(.opacity, at: 0.5))
    }

    @Test func theOnePassSnapshotAgreesWithThePerPropertyFold() throws {
        let world = World()
        let view = try viewsInWindow(world, 1)[0]
        let layer = view.layer
        try world.animate(duration: 0.8, animations: {
            view.frame = Rect(x: 40, y: 60, width: 120, height: 90)
            view.alpha = 0.3
            view.transform = Transform2D.rotation(0.7).concatenating(.scale(1.4, 0.8))
            layer.cornerRadius = 12
            layer.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
            layer.shadowOffset = Size(width: 4, height: 9)
        })
        try world.advance(to: 0.1)
        try world.animateKeyframes(duration: 0.6, animations: {
            try world.addKeyframe(relativeStartTime: 0, relativeDuration: 0.5) { layer.borderWidth = 6 }
            try world.addKeyframe(relativeStartTime: 0.5, relativeDuration: 0.5) { layer.borderWidth = 2 }
        })
        for time in [0.1, 0.25, 0.4, 0.55, 0.79, 2.0] {
            let snapshot = layer.snapshot(at: time)
            #expect(.rect(snapshot.bounds) == layer.presentationValue(.bounds, at: time))
            #expect(.point(snapshot.position) == layer.presentationValue(.position, at: time))
            #expect(.transform(snapshot.transform) == layer.presentationValue(.transform, at: time))
            #expect(.number(snapshot.opacity) == layer.presentationValue(.opacity, at: time))
            #expect(.number(snapshot.cornerRadius) == layer.presentationValue(.cornerRadius, at: time))
            #expect(snapshot.backgroundColor.map { AnimatableValue.color($0) } == layer.presentationValue(.backgroundColor, at: time))
            #expect(.size(snapshot.shadowOffset) == layer.presentationValue(.shadowOffset, at: time))
            #expect(.number(snapshot.borderWidth) == layer.presentationValue(.borderWidth, at: time))
        }
    }

    @Test func unanimatedPropertiesAreTheModelValues() throws {
        let world = World()
        let view = try viewsInWindow(world, 1)[0]
        let layer = view.layer
        layer.cornerRadius = 7
        layer.borderWidth = 3
        layer.borderColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
        layer.shadowOpacity = 0.6
        layer.shadowRadius = 11
        layer.shadowOffset = Size(width: 2, height: 5)
        layer.zPosition = 4
        layer.anchorPoint = Point(x: 0.25, y: 0.75)
        layer.sublayerTransform = Transform3D.identity.scaled(2, 2, 1)
        try world.animate(duration: 1, animations: { view.alpha = 0 })
        let snapshot = layer.snapshot(at: 0.5)
        #expect(snapshot.opacity != 0 && snapshot.opacity != 1)
        #expect(snapshot.cornerRadius == 7 && snapshot.borderWidth == 3)
        #expect(snapshot.borderColor == Color(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(snapshot.shadowOpacity == 0.6 && snapshot.shadowRadius == 11)
        #expect(snapshot.shadowOffset == Size(width: 2, height: 5))
        #expect(snapshot.zPosition == 4 && snapshot.anchorPoint == Point(x: 0.25, y: 0.75))
        #expect(snapshot.sublayerTransform == Transform3D.identity.scaled(2, 2, 1))
        #expect(snapshot.bounds == layer.bounds && snapshot.position == layer.position)
        #expect(snapshot.backgroundColor == nil)
    }

    @Test func completionsRunInTimeOrderThenCreationOrder() throws {
        let world = World()
        let views = try viewsInWindow(world, 300)
        var order: [Int] = []
        // Durations out of creation order, with ties.
        let durations = (0..<300).map { 0.1 + Double(($0 * 37) % 50) * 0.01 }
        for (index, view) in views.enumerated() {
            try world.animate(duration: durations[index], animations: { view.alpha = 0.5 }, completion: { _ in order.append(index) })
        }
        try world.advance(to: 2)
        let expected = (0..<300).sorted { (World.onTimeGrid(durations[$0]), $0) < (World.onTimeGrid(durations[$1]), $1) }
        #expect(order == expected)
        #expect(world.liveGroups.isEmpty && !world.hasPendingEvents)
    }

    @Test func liveGroupsKeepCreationOrderThroughRemovals() throws {
        let world = World()
        let views = try viewsInWindow(world, 60)
        var groups: [AnimationGroup] = []
        for (index, view) in views.enumerated() {
            groups.append(try #require(try world.animate(duration: 1 + Double(index % 3), animations: { view.alpha = 0.1 })))
        }
        try world.advance(to: 1.5)
        views[10].layer.removeAllAnimations()
        try world.drain()
        let expected = groups.enumerated().filter { $0.offset % 3 != 0 && $0.offset != 10 }.map { ObjectIdentifier($0.element) }
        #expect(world.liveGroups.map { ObjectIdentifier($0) } == expected)
    }

    @Test func aBlockOverManyViewsMergesSecondChangesPerViewAndProperty() throws {
        let world = World()
        let views = try viewsInWindow(world, 500)
        let group = try #require(try world.animate(duration: 1, animations: {
            for view in views {
                view.alpha = 0.5
                view.center = Point(x: 1, y: 2)
                view.alpha = 0.25
            }
        }))
        #expect(group.animations.count == 1_000)
        // One merged alpha animation per view, from the first old value (1) to the last (0.25).
        let layer = views[321].layer
        #expect(layer.animations.filter { $0.property == .opacity }.count == 1)
        #expect(layer.presentationValue(.opacity, at: 0) == .number(1))
        var cancelled: Bool?
        group.completion = { cancelled = !$0 }
        for view in views { view.layer.removeAllAnimations() }
        try world.drain()
        #expect(cancelled == true)
        #expect(views.allSatisfy { $0.layer.animations.isEmpty })
    }
}

@Suite struct SnapshotSharingTests {
    @Test func aCopyThatChangesNeverChangesTheOriginal() throws {
        let world = World()
        let view = try viewsInWindow(world, 1)[0]
        let original = world.window.layer.snapshot(at: 0)
        var copy = original
        #expect(copy.sharesStorage(with: original))
        copy.opacity = 0.5
        copy.sublayers[0].name = "changed"
        #expect(!copy.sharesStorage(with: original))
        #expect(original.opacity == 1 && original.sublayers[0].name == view.traceName)
        #expect(copy.opacity == 0.5 && copy.sublayers[0].name == "changed")
        #expect(copy != original)
    }

    @Test func anUnchangedTreeIsSharedAndAnyChangeShows() throws {
        let world = World()
        let views = try viewsInWindow(world, 3)
        let first = world.window.layer.snapshot(at: 0)
        let second = world.window.layer.snapshot(at: 1)
        #expect(second.sharesStorage(with: first))

        views[1].layer.cornerRadius = 5
        let third = world.window.layer.snapshot(at: 1)
        #expect(!third.sharesStorage(with: second))
        #expect(third.sublayers[1].cornerRadius == 5 && second.sublayers[1].cornerRadius == 0)
        #expect(third.sublayers[0].sharesStorage(with: second.sublayers[0]))

        views[2].name = "renamed"
        #expect(world.window.layer.snapshot(at: 1).sublayers[2].name == views[2].traceName)

        world.window.bringSubviewToFront(views[0])
        let reordered = world.window.layer.snapshot(at: 1)
        #expect(reordered.sublayers.map(\.serial) == [views[1], views[2], views[0]].map(\.layer.serial))

        views[0].layer.isHidden = true
        views[0].layer.content = .text(TextContent(text: "hi"))
        let hidden = world.window.layer.snapshot(at: 1)
        #expect(hidden.sublayers[2].isHidden && hidden.sublayers[2].content == .text(TextContent(text: "hi")))

        let child = View(world: world)
        try views[1].addSubview(child)
        #expect(world.window.layer.snapshot(at: 1).sublayers[0].sublayers.count == 1)
        child.removeFromSuperview()
        #expect(world.window.layer.snapshot(at: 1).sublayers[0].sublayers.isEmpty)
    }

    @Test func aLayerThatStopsAnimatingShowsItsModelAgain() throws {
        let world = World()
        let view = try viewsInWindow(world, 1)[0]
        let before = world.window.layer.snapshot(at: 0)
        try world.animate(duration: 1, animations: { view.alpha = 0.4 })
        let during = world.window.layer.snapshot(at: 0.5)
        #expect(during.sublayers[0].opacity != before.sublayers[0].opacity)
        try world.advance(to: 2)
        let after = world.window.layer.snapshot(at: 2)
        #expect(after.sublayers[0].opacity == 0.4)
        #expect(world.window.layer.snapshot(at: 3).sharesStorage(with: after))
    }
}
