// The run loop's pending events, earliest first: a binary min-heap on (time, sequence).
//
// A sorted array made every run-loop turn cost O(pending) (`removeFirst` shifts the rest, and
// an insertion that is not the latest scans back), so 10,000 animations ending at 10,000
// different times cost 10,000² moves. The heap makes both O(log n). (time, sequence) is a total
// order (sequence numbers are unique), so events come out in exactly the order the sorted array
// gave: by time, then by when they were scheduled.

struct EventQueue {
    private var heap: [ScheduledEvent] = []

    private static func precedes(_ a: ScheduledEvent, _ b: ScheduledEvent) -> Bool {
        a.time < b.time || (a.time == b.time && a.sequence < b.sequence)
    }

    mutating func insert(_ event: ScheduledEvent) {
        heap.append(event)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard EventQueue.precedes(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// The earliest event that was not cancelled; cancelled ones met on the way are dropped.
    mutating func firstLive() -> ScheduledEvent? {
        while let top = heap.first, top.token.isCancelled { _ = removeFirst() }
        return heap.first
    }

    /// The earliest live event that satisfies `include`. When the earliest live event does (the
    /// usual case) this costs what `firstLive` does; otherwise the heap is scanned.
    mutating func firstLive(where include: (ScheduledEvent) -> Bool) -> ScheduledEvent? {
        guard let first = firstLive() else { return nil }
        if include(first) { return first }
        var best: ScheduledEvent?
        for event in heap where !event.token.isCancelled && include(event) {
            if best.map({ EventQueue.precedes(event, $0) }) ?? true { best = event }
        }
        return best
    }

    /// Removes and returns the earliest event, cancelled or not.
    mutating func removeFirst() -> ScheduledEvent? {
        guard !heap.isEmpty else { return nil }
        let first = heap[0]
        let last = heap.removeLast()
        guard !heap.isEmpty else { return first }
        heap[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count && EventQueue.precedes(heap[left], heap[smallest]) { smallest = left }
            if right < heap.count && EventQueue.precedes(heap[right], heap[smallest]) { smallest = right }
            if smallest == parent { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }

    mutating func removeAll() { heap.removeAll() }
}
