import Foundation
import Testing
@testable import TransitRender

// TextPainter.layout: the same lines as the plain greedy wrap it replaced, for work that grows
// linearly with the length of an unbroken run. Work is counted as characters handed to
// `measure` (each measure is a cairo call over that many glyphs), never timed.

/// The wrap as it was written before: grow a too-wide word's line a character at a time, cut
/// the truncated last line back a character at a time. The specification the faster one must
/// match, line for line.
private func referenceLayout(_ text: String, width: Double, maximumLines: Int, measure: (String) -> Double) -> [String] {
    let limit = width > 0 ? width : .infinity
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
        var current = ""
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if measure(candidate) <= limit { current = candidate; continue }
            if !current.isEmpty { lines.append(current); current = "" }
            if measure(word) <= limit { current = word; continue }
            for character in word {
                let extended = current + String(character)
                if !current.isEmpty && measure(extended) > limit {
                    lines.append(current)
                    current = String(character)
                } else {
                    current = extended
                }
            }
        }
        lines.append(current)
    }
    guard maximumLines > 0, lines.count > maximumLines else { return lines }
    var last = lines[(maximumLines - 1)...].joined(separator: " ")
    while !last.isEmpty && measure(last + TextPainter.ellipsis) > limit { last.removeLast() }
    while last.hasSuffix(" ") { last.removeLast() }
    return Array(lines[..<(maximumLines - 1)]) + [last + TextPainter.ellipsis]
}

/// A proportional font: widths from 2 to 13 by character, "…" 7, so cuts land mid-word.
private func proportional(_ text: String) -> Double {
    text.unicodeScalars.reduce(0) { $0 + ($1 == "…" ? 7 : Double(2 + Int($1.value) % 12)) }
}

/// Lays out `text`, returning the lines and how many characters were measured.
private func countedLayout(_ text: String, width: Double, maximumLines: Int) -> (lines: [String], measured: Int) {
    var measured = 0
    let lines = TextPainter.layout(text, width: width, maximumLines: maximumLines) { string in
        measured += string.count
        return proportional(string)
    }
    return (lines, measured)
}

@Suite struct TextLayoutTests {
    /// A very wide label of many short words: past a line of 256 characters a word's width is
    /// added to the line's, not measured with it, so doubling the words at most doubles the work.
    @Test func manyShortWordsOnAWideLineAreLinear() {
        let words = { (count: Int) in Array(repeating: "ab", count: count).joined(separator: " ") }
        let small = countedLayout(words(20_000), width: 1e9, maximumLines: 0)
        let large = countedLayout(words(40_000), width: 1e9, maximumLines: 0)
        #expect(small.lines.count == 1 && large.lines.count == 1)
        #expect(large.measured <= 2 * small.measured + 1_000, "\(small.measured) → \(large.measured)")
        // And the line breaks where summing says: the same lines as measuring whole lines, for
        // a width that wraps these 3-character steps (additive widths: the test font's are).
        let text = words(3_000)
        #expect(TextPainter.layout(text, width: 4_000, maximumLines: 0, measure: proportional)
                == referenceLayout(text, width: 4_000, maximumLines: 0, measure: proportional))
    }

    @Test func linesMatchTheCharacterByCharacterWrap() {
        let texts = ["", "a", "hello world", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "one two\nthree  four\n\nfive",
                     "supercalifragilisticexpialidocious is a word", "x yy zzz " + String(repeating: "wide", count: 30) + " end",
                     "é ü ñ ☃︎ 👩‍👩‍👧 flag🇫🇷 z", "  leading and trailing  ", String(repeating: "ab cd ", count: 40)]
        for text in texts {
            for width in [0.0, 1, 7, 20, 45, 100, 333] {
                for maximumLines in [0, 1, 2, 3, 10] {
                    let expected = referenceLayout(text, width: width, maximumLines: maximumLines, measure: proportional)
                    let actual = TextPainter.layout(text, width: width, maximumLines: maximumLines, measure: proportional)
                    #expect(actual == expected, "\(text.debugDescription) width \(width) lines \(maximumLines)")
                }
            }
        }
    }

    /// One label-wide line of a long unbroken run, and all of its lines: doubling the run at most
    /// doubles the characters measured (a little slack for the log factor of the first line).
    /// The character-by-character cut measured ~n²/2 characters for the one-line label.
    @Test(arguments: [1, 0, 3])
    func anUnbrokenRunIsLaidOutInLinearWork(maximumLines: Int) {
        let short = countedLayout(String(repeating: "a", count: 100_000), width: 100, maximumLines: maximumLines)
        let long = countedLayout(String(repeating: "a", count: 200_000), width: 100, maximumLines: maximumLines)
        #expect(Double(long.measured) <= 2.1 * Double(short.measured), "\(short.measured) → \(long.measured)")
        // And the constant is small: a few measures of each character.
        #expect(long.measured <= 20 * 200_000)
        if maximumLines == 1 { #expect(long.lines.count == 1 && long.lines[0].hasSuffix(TextPainter.ellipsis)) }
    }

    /// A line as wide as 20,000 characters: cutting the run costs O(L log L) per line, not the
    /// O(L²) of growing each line a character at a time.
    @Test func aWideLabelCutsItsRunWithoutMeasuringEveryPrefix() {
        let run = String(repeating: "a", count: 100_000)
        let (lines, measured) = countedLayout(run, width: 20_000 * proportional("a"), maximumLines: 0)
        #expect(lines.count == 5)
        #expect(lines.allSatisfy { $0.count == 20_000 })
        #expect(measured <= 40 * 100_000, "\(measured)")
    }
}
