// Text put into the HTML pages Transit writes (the player, the gallery's index, the test report).

public enum HTMLText {
    /// `text` safe inside an element or an attribute quoted either way: the characters HTML
    /// gives a meaning there (& < > " ') as entities, so an effect's name or an error message
    /// cannot end an attribute or open a tag.
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
