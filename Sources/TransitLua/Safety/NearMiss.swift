// Suggestions for misspelt names: "did you mean `animateTransition`?".
//
// The distance is Damerau-Levenshtein in its optimal-string-alignment form (insertions,
// deletions, substitutions and swaps of two neighbours each cost 1), compared without regard
// to case, so `animateTransiton`, `backgroundcolor` and `alpah` each sit 1 from their name.
// Short names are left alone: below `minimumLength` characters almost everything is within 2
// of something (`tag`, `name`), and a false "did you mean" is worse than none.

enum NearMiss {
    static let maximumDistance = 2
    static let minimumLength = 5
    /// Longer names are not looked at (in UTF-8 bytes, which a Swift string knows without counting).
    static let maximumLength = 200

    /// The candidate nearest to `name` within the maximum distance (the first of equals, so
    /// declaration order breaks ties), or nil. A candidate equal to `name` is never suggested.
    static func suggestion(for name: String, among candidates: some Sequence<String>) -> String? {
        // No UIKit name is this long: a longer key (a fuzzed 100,000-character string read in a
        // loop) is no typo of one, and measuring it against every candidate took seconds a read.
        guard name.utf8.count <= maximumLength else { return nil }
        let length = name.count
        guard length >= minimumLength else { return nil }
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name && candidate.count >= minimumLength {
            // Lengths further apart than the limit cannot be within it.
            guard abs(candidate.count - length) <= maximumDistance else { continue }
            let d = distance(name, candidate)
            if d <= maximumDistance && d < (best?.distance ?? .max) { best = (candidate, d) }
        }
        return best?.name
    }

    /// Optimal-string-alignment distance between `a` and `b`, ignoring case.
    static func distance(_ a: String, _ b: String) -> Int {
        let s = Array(a.lowercased().unicodeScalars), t = Array(b.lowercased().unicodeScalars)
        if s.isEmpty { return t.count }
        if t.isEmpty { return s.count }
        // Three rows: the one before the previous (for swaps), the previous, the current.
        var before = [Int](repeating: 0, count: t.count + 1)
        var previous = Array(0...t.count)
        var current = [Int](repeating: 0, count: t.count + 1)
        for i in 1...s.count {
            current[0] = i
            for j in 1...t.count {
                let cost = s[i - 1] == t[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, s[i - 1] == t[j - 2], s[i - 2] == t[j - 1] { value = min(value, before[j - 2] + 1) }
                current[j] = value
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[t.count]
    }
}
