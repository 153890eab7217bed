// An ordered collection of objects that each remember their own slot in it, so leaving it is O(1).
//
// The timeline keeps several "who is registered here, in which order" lists: a layer's animations
// of one property, a group's animations, a time space's groups, the world's live groups. All of
// them are read in insertion order (the fold order of presentation values, the order completions
// run in) and all of them lose members one at a time in no particular order. With an array and
// `removeAll { $0 === member }` each removal is a linear search, which turns "N animations end"
// into N² work. Here a member stores its slot index (in a property named by the roster's
// `RosterPlace`, resolved statically); removal empties that slot, and the holes are squeezed out, in order, once they make up
// half the slots, so removal is amortized O(1) and iteration stays a walk over a contiguous array.
// Slots rather than a linked list: no per-member node allocation, and no recursive release chain
// when a roster of 100,000 members goes away.

/// Where a member of one kind of roster keeps its slot index (-1 when it is in no slot). An
/// object can belong to several rosters (a group is in its space's and in the world's), each
/// with its own place.
protocol RosterPlace {
    associatedtype Element: AnyObject
    static func slot(of element: Element) -> Int
    static func setSlot(of element: Element, to slot: Int)
}

struct Roster<Place: RosterPlace> {
    typealias Element = Place.Element
    /// Members in insertion order; nil where one left and the slots were not compacted yet.
    private var slots: [Element?] = []
    private(set) var count = 0

    init() {}

    var isEmpty: Bool { count == 0 }

    /// Adds `element` at the end.
    mutating func append(_ element: Element) {
        Place.setSlot(of: element, to: slots.count)
        slots.append(element)
        count += 1
    }

    /// Whether `element` is a member (by its recorded slot; O(1)).
    func contains(_ element: Element) -> Bool {
        let index = Place.slot(of: element)
        return index >= 0 && index < slots.count && slots[index] === element
    }

    /// Removes `element` in amortized O(1); nothing happens when it is not a member.
    mutating func remove(_ element: Element) {
        guard contains(element) else { return }
        let index = Place.slot(of: element)
        slots[index] = nil
        Place.setSlot(of: element, to: -1)
        count -= 1
        // Trailing holes go at once; inner ones when they outnumber the members.
        while let last = slots.last, last == nil { slots.removeLast() }
        if slots.count > 16 && count * 2 < slots.count { compact() }
    }

    /// Squeezes out the holes, keeping the order and renumbering the members' slots.
    private mutating func compact() {
        var kept: [Element?] = []
        kept.reserveCapacity(count)
        for case let element? in slots {
            Place.setSlot(of: element, to: kept.count)
            kept.append(element)
        }
        slots = kept
    }

    /// Visits the members in insertion order. `body` must not change this roster.
    func forEach(_ body: (Element) throws -> Void) rethrows {
        for case let element? in slots { try body(element) }
    }

    /// The last member, in insertion order, for which `predicate` holds.
    func last(where predicate: (Element) -> Bool) -> Element? {
        for case let element? in slots.reversed() where predicate(element) { return element }
        return nil
    }

    /// The members in insertion order, copied, so the caller may change the roster while walking them.
    var elements: [Element] {
        var result: [Element] = []
        result.reserveCapacity(count)
        for case let element? in slots { result.append(element) }
        return result
    }
}

// The four rosters of the timeline and where their members keep their slots.

/// A layer's running animations.
enum AnimationOnLayer: RosterPlace {
    static func slot(of element: LayerAnimation) -> Int { element.slotInLayer }
    static func setSlot(of element: LayerAnimation, to slot: Int) { element.slotInLayer = slot }
}

/// A group's animations.
enum AnimationInGroup: RosterPlace {
    static func slot(of element: LayerAnimation) -> Int { element.slotInGroup }
    static func setSlot(of element: LayerAnimation, to slot: Int) { element.slotInGroup = slot }
}

/// A time space's groups (their completions follow its mapping).
enum GroupInSpace: RosterPlace {
    static func slot(of element: AnimationGroup) -> Int { element.slotInSpace }
    static func setSlot(of element: AnimationGroup, to slot: Int) { element.slotInSpace = slot }
}

/// The world's live groups.
enum GroupInWorld: RosterPlace {
    static func slot(of element: AnimationGroup) -> Int { element.slotInWorld }
    static func setSlot(of element: AnimationGroup, to slot: Int) { element.slotInWorld = slot }
}
