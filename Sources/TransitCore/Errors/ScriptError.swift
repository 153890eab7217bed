// A script's error as the host carries it: where it was raised, what it says and the Lua
// traceback, each a field from the point it is raised (the Lua bridge records the location
// there) to where it is printed, so no code reads a location back out of the text. Printed,
// it is the text Lua itself would show: "file.lua:12: message" and its traceback.

/// A line of a script file, as messages name it ("fx/fade.lua:12"): the path as Lua shows it
/// (relative to the working directory when under it) and the line.
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public init(file: String, line: Int) { self.file = file; self.line = line }
    public var description: String { "\(file):\(line)" }
}

public struct ScriptError: Error, CustomStringConvertible {
    /// The line that raised it; nil when nothing names one (a host limit, a memory error).
    public var location: SourceLocation?
    /// What went wrong, without the location.
    public var reason: String
    /// Lua's "stack traceback:" and its frames, one per line; nil when none was taken.
    public var traceback: String?

    public init(_ reason: String, at location: SourceLocation? = nil, traceback: String? = nil) {
        self.reason = reason; self.location = location; self.traceback = traceback
    }

    /// "file.lua:12: reason", without the traceback.
    public var locatedReason: String { location.map { "\($0): \(reason)" } ?? reason }

    /// The whole text as printed: location, reason and traceback.
    public var message: String { description }

    public var description: String { traceback.map { locatedReason + "\n" + $0 } ?? locatedReason }

    /// The same error reported once, at its own line: what a caller that adds its own context
    /// keeps of an error raised deeper in the script.
    public var withoutTraceback: ScriptError { ScriptError(reason, at: location) }

    /// This error told as the cause of another: `context` and then this error's located reason
    /// ("looking up x failed: fx.lua:3: boom"), at `location`, keeping this traceback.
    public func cause(of context: String, at location: SourceLocation? = nil) -> ScriptError {
        ScriptError(context + locatedReason, at: location, traceback: traceback)
    }

    /// `note` added at the very end of the printed text (after the traceback, if any).
    public func appending(_ note: String) -> ScriptError {
        var copy = self
        if let traceback { copy.traceback = traceback + note } else { copy.reason += note }
        return copy
    }
}
