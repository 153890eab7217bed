import Foundation
import TransitCore

// The three forms of `transit check`'s report: a readable table, JSON with stable keys (sorted,
// documented in docs/check.md) and JUnit XML with one testcase per effect × cell. All three are
// deterministic: nothing in them depends on the wall clock or on where the run happened.

/// The first line of a script error (its traceback follows in the text form only).
private func firstLine(_ text: String) -> String {
    String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
}

private func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

func checkReportText(_ results: [EffectResult]) -> String {
    var out = ""
    var cells = 0, failed = 0
    for effect in results {
        out += "\(effect.file) (\(effect.kind))\n"
        let width = effect.cells.map { $0.cell.name.count }.max() ?? 0
        for result in effect.cells {
            let count = result.problems.count
            let note = result.error != nil ? "script error" : count == 0 ? "" : "\(count) problem\(count == 1 ? "" : "s")"
            let name = note.isEmpty ? result.cell.name : result.cell.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + note
            out += "  \(result.passed ? "PASS" : "FAIL")  \(name)\n"
            for problem in result.problems { out += "        \(problem.description)\n" }
            if let error = result.error {
                for line in error.split(separator: "\n", omittingEmptySubsequences: false) { out += "        \(line)\n" }
            }
        }
        cells += effect.cells.count
        failed += effect.failed
        out += "  \(plural(effect.cells.count, "cell")), \(effect.cells.count - effect.failed) passed, \(effect.failed) failed\n\n"
    }
    out += "checked \(plural(results.count, "file")): \(plural(cells, "cell")), \(cells - failed) passed, \(failed) failed\n"
    return out
}

func checkReportJSON(_ results: [EffectResult], matrix: CheckMatrix, versions: [Double]) throws -> String {
    func cellObject(_ result: CellResult) -> [String: Any] {
        [
            "name": result.cell.name,
            "device": result.cell.device,
            "ios": result.cell.ios,
            "style": result.cell.style.map { $0 as Any } ?? NSNull(),
            "path": result.cell.path.rawValue,
            "animated": result.cell.animated,
            "fraction": result.cell.fraction.map { $0 as Any } ?? NSNull(),
            "rotated": result.cell.rotate,
            "variant": result.cell.variant.map { $0.rawValue as Any } ?? NSNull(),
            "passed": result.passed,
            "error": result.error.map { $0 as Any } ?? NSNull(),
            "problems": result.problems.map { problem -> [String: Any] in
                ["id": problem.id.rawValue, "explanation": problem.id.explanation, "message": problem.message,
                 "phase": problem.phase, "time": problem.time]
            },
        ]
    }
    let cells = results.reduce(0) { $0 + $1.cells.count }
    let failed = results.reduce(0) { $0 + $1.failed }
    let document: [String: Any] = [
        "matrix": matrix.rawValue,
        "ios": versions,
        "summary": ["files": results.count, "cells": cells, "passed": cells - failed, "failed": failed],
        "effects": results.map { effect -> [String: Any] in
            ["file": effect.file, "kind": effect.kind, "passed": effect.failed == 0,
             "cells": effect.cells.map(cellObject)]
        },
    ]
    let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self)
}

/// Text as XML attribute or element content (also `transit test`'s JUnit report).
func xmlEscape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "\n", "\t": out.unicodeScalars.append(scalar)
        default:
            // XML 1.0 has no other control characters.
            if scalar.value < 0x20 { out += "?" } else { out.unicodeScalars.append(scalar) }
        }
    }
    return out
}

func checkReportJUnit(_ results: [EffectResult]) -> String {
    let cells = results.reduce(0) { $0 + $1.cells.count }
    let failures = results.reduce(0) { $0 + $1.cells.filter { !$0.problems.isEmpty && $0.error == nil }.count }
    let errors = results.reduce(0) { $0 + $1.cells.filter { $0.error != nil }.count }
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<testsuites name=\"transit check\" tests=\"\(cells)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
    for effect in results {
        let suiteFailures = effect.cells.filter { !$0.problems.isEmpty && $0.error == nil }.count
        let suiteErrors = effect.cells.filter { $0.error != nil }.count
        out += "  <testsuite name=\"\(xmlEscape(effect.file))\" tests=\"\(effect.cells.count)\" failures=\"\(suiteFailures)\" errors=\"\(suiteErrors)\">\n"
        for result in effect.cells {
            out += "    <testcase classname=\"\(xmlEscape(effect.file))\" name=\"\(xmlEscape(result.cell.name))\""
            if result.passed { out += "/>\n"; continue }
            out += ">\n"
            if let error = result.error {
                out += "      <error message=\"\(xmlEscape(firstLine(error)))\" type=\"script-error\">\(xmlEscape(error))</error>\n"
            } else {
                let ids = result.problems.map(\.id.rawValue)
                let unique = ids.enumerated().filter { ids.firstIndex(of: $0.element) == $0.offset }.map(\.element)
                let body = result.problems.map(\.description).joined(separator: "\n")
                out += "      <failure message=\"\(xmlEscape(unique.joined(separator: ", ")))\" type=\"\(xmlEscape(unique.first ?? "problem"))\">\(xmlEscape(body))</failure>\n"
            }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n"
    }
    out += "</testsuites>\n"
    return out
}
