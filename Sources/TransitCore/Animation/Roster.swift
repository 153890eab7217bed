// An ordered collection of objects that each remember their own slot in it, so leaving it is O(1).
//
// The timeline keeps several "who is registered here, in which order" lists: a layer's animations
// of one property, a group's animations, a time space's groups, the world's live groups. All of
// them are read in insertion order (the fold order of presentation values, the order completions
// run in) and all of them lose members one at a time in no particular order. With an array and
// `removeAll { $0 === member }` each removal is a linear search, which turns "N animations end"
// into N² work. Here a member stores its slot index (in a property the roster is given as a key
// path); removal empties that slot, and the holes are squeezed out, in order, once they make up
// half the slots, so removal is amortized O(1) and iteration stays a walk over a contiguous array.
// Slots rather than a linked list: no per-member node allocation, and no recursive release chain
// when a roster of 100,000 members goes away.

struct Roster<Element: AnyObject> {
    /// Members in insertion order; nil where one left and the slots were not compacted yet.
    private var slots: [Element?] = []
    /// Where each member keeps its slot index (-1 when it is in no slot of this roster).
    private let slot: ReferenceWritableKeyPath<Element, Int>
    private(set) var count = 0

    init(slot: ReferenceWritableKeyPath<Element, Int>) { self.slot = slot }

    var isEmpty: Bool { count == 0 }

    /// Adds `element` at the end.
    mutating func append(_ element: Element) {
        element[keyPath: slot] = slots.count
        slots.append(element)
        count += 1
    }

    /// Whether `element` is a member (by its recorded slot; O(1)).
    func contains(_ element: Element) -> Bool {
        let index = element[keyPath: slot]
        return index >= 0 && index < slots.count && slots[index] === element
    }

    /// Removes `element` in amortized O(1); nothing happens when it is not a member.
    mutating func remove(_ element: Element) {
        guard contains(element) else { return }
        let index = element[keyPath: slot]
        slots[index] = nil
        element[keyPath: slot] = -1
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
            element[keyPath: slot] = kept.count
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
