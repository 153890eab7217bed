import Foundation

/// A JSON string literal written by hand, for the files Transit writes with a fixed layout
/// (golden references, the player's payload): quotes, backslashes and control characters
/// escaped, nothing else, so the same text gives the same bytes. `safeInHTML` also escapes
/// `<`, `>`, `&` and U+2028/2029, so the literal can sit inside an HTML `<script>` element
/// (a trace line can never close it, and old parsers read it).
public func jsonStringLiteral(_ text: String, safeInHTML: Bool = false) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        // (One `where` covers only the pattern it follows, so the HTML set is tested apart.)
        case _ where safeInHTML && (scalar == "<" || scalar == ">" || scalar == "&" || scalar == "\u{2028}" || scalar == "\u{2029}"):
            out += String(format: "\\u%04x", scalar.value)
        default:
            if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
        }
    }
    return out + "\""
}
