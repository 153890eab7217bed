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
    /// The frames of the stack when it was raised (printed as Lua's "stack traceback:"); nil
    /// when none was taken.
    public var traceback: Traceback?

    public init(_ reason: String, at location: SourceLocation? = nil, traceback: Traceback? = nil) {
        self.reason = reason; self.location = location; self.traceback = traceback
    }

    /// "file.lua:12: reason", without the traceback.
    public var locatedReason: String { location.map { "\($0): \(reason)" } ?? reason }

    /// The whole text as printed: location, reason and traceback.
    public var message: String { description }

    public var description: String { traceback.map { locatedReason + "\n" + $0.description } ?? locatedReason }

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
        if traceback != nil { copy.traceback!.note += note } else { copy.reason += note }
        return copy
    }
}

/// A Lua traceback as the frames it is made of, each taken from `lua_getstack`/`lua_getinfo`
/// where the error was caught (CLua.c, "tracebacks as frames"), so code that leaves frames out
/// (Transit's own scripts, the REPL's) chooses frames, never lines of text. Printed, it is the
/// text Lua's own tracebacks have.
public struct Traceback: Sendable, Equatable, CustomStringConvertible {
    public struct Frame: Sendable, Equatable {
        /// The source as Lua shows it: "fx/fade.lua" (or "...tail/of/a/long/path.lua"), "[C]".
        public var source: String
        /// The line running in it; nil for a C function.
        public var line: Int?
        /// How Lua names the function: "function 'error'", "local 'f'", "method 'update'",
        /// "main chunk", "function <fx.lua:3>", "?".
        public var function: String
        public var isC: Bool
        /// Called by a tail call (Lua prints "(...tail calls...)" after it).
        public var isTailCall: Bool

        public init(source: String, line: Int?, function: String, isC: Bool, isTailCall: Bool) {
            self.source = source; self.line = line; self.function = function; self.isC = isC; self.isTailCall = isTailCall
        }
    }

    public enum Entry: Sendable, Equatable {
        case frame(Frame)
        /// A deep stack's middle, left out: this many levels.
        case skipped(Int)
    }

    public var entries: [Entry]
    /// Text printed after the last frame (a note such as the memory limit's).
    public var note = ""

    public init(_ entries: [Entry]) { self.entries = entries }

    public var frames: [Frame] { entries.compactMap { if case .frame(let frame) = $0 { frame } else { nil } } }

    public var description: String {
        var text = "stack traceback:"
        for entry in entries {
            switch entry {
            case .skipped(let count):
                text += "\n\t...\t(skipping \(count) levels)"
            case .frame(let frame):
                text += "\n\t" + frame.source + (frame.line.map { ":\($0)" } ?? "") + ": in " + frame.function
                if frame.isTailCall { text += "\n\t(...tail calls...)" }
            }
        }
        return text + note
    }

    /// Without its leading frames for which `hidden` holds (a left-out middle ends them).
    public func droppingLeadingFrames(where hidden: (Frame) -> Bool) -> Traceback {
        var copy = self
        while case .frame(let frame)? = copy.entries.first, hidden(frame) { copy.entries.removeFirst() }
        return copy
    }

    /// Without its trailing frames for which `hidden` holds.
    public func droppingTrailingFrames(where hidden: (Frame) -> Bool) -> Traceback {
        var copy = self
        while case .frame(let frame)? = copy.entries.last, hidden(frame) { copy.entries.removeLast() }
        return copy
    }
}
