import CLua
import TransitCore

// Script errors as ScriptError values (location, message, traceback), made where the error is
// raised and carried to the printers. Lua moves errors as strings (a script's own pcall sees
// "fx.lua:3: boom"), so each string is paired with its parts where it is made: the host keeps
// the ScriptError it raised (raisedError), and transit_pcall's message handler records the
// location of the frame that raised a Lua error (transit_ErrorShape), from lua_Debug.

extension LuaRuntime {
    /// Raises `error` from a host function (through the trampoline): its text is what Lua
    /// code sees, and the error itself is kept for whoever catches that text.
    func raise(_ error: ScriptError) -> Int32 {
        raisedError = error
        lua_pushstring(L, error.description)
        return TRANSIT_RAISE
    }

    /// The Lua line `level` frames up from the running host function, or nil (a C caller).
    func sourceLocation(level: Int32 = 1) -> SourceLocation? {
        var record = lua_Debug()
        guard lua_getstack(L, level, &record) != 0, lua_getinfo(L, "Sl", &record) != 0, record.currentline > 0 else {
            return nil
        }
        return SourceLocation(file: record.shortSource, line: Int(record.currentline))
    }

    /// The error a failed transit_pcall left on top, popped, as a ScriptError.
    func takeError() -> ScriptError {
        var error: ScriptError
        if lua_type(L, -1) == LUA_TSTRING {
            var length = 0
            let pointer = transit_tostring(L, -1, &length)
            let text = string(at: -1) ?? ""
            let caught = limits.pointee.caught
            // Used once: a later error at the same address must not take this one's shape.
            limits.pointee.caught.text = nil
            error = structured(text, shape: caught.text == pointer && caught.length == length ? caught : nil)
        } else {
            error = ScriptError(string(at: -1) ?? "(error object is not a string)")
        }
        transit_pop(L, 1)
        if limits.pointee.limitReached != 0 {
            limits.pointee.limitReached = 0
            return error.appending(" (the script exceeded its memory limit of \(options.memoryLimit >> 20) MB)")
        }
        return error
    }

    /// The error string `text` that ended the dead coroutine `thread` (on its top), as a
    /// ScriptError: its location is found from the coroutine's frames, as the message handler
    /// does for protected calls.
    func structuredError(_ text: String, endingThread thread: OpaquePointer) -> ScriptError {
        var length = 0
        let pointer = transit_tostring(thread, -1, &length)
        var shape = transit_ErrorShape()
        transit_shapeerror(L, thread, 0, pointer, length, &shape)
        return structured(text, shape: shape)
    }

    /// The failure of a __gc finalizer that transit_takefinalizerfailure left on top, popped:
    /// its text names the finalizer's line itself and carries the finalizer's traceback.
    func takeFinalizerFailure() -> ScriptError {
        guard let text = string(at: -1) else { transit_pop(L, 1); return ScriptError("a __gc finalizer failed") }
        var length = 0
        let pointer = transit_tostring(L, -1, &length)
        var shape = transit_ErrorShape()
        transit_shapeerror(L, L, -1, pointer, length, &shape)
        transit_pop(L, 1)
        return structured(text, shape: shape)
    }

    /// `text` with its parts: the host's own raise when it is that one (with the traceback a
    /// handler added after it), else as `shape` describes it, else a message without location.
    private func structured(_ text: String, shape: transit_ErrorShape?) -> ScriptError {
        let bytes = Array(text.utf8)
        if let raised = raisedError {
            let raisedBytes = Array(raised.description.utf8)
            if bytes == raisedBytes { return raised }
            if raised.traceback == nil, let shape, shape.tracebackStart == raisedBytes.count,
               bytes.starts(with: raisedBytes) {
                var traced = raised
                traced.traceback = String(decoding: bytes[(raisedBytes.count + 1)...], as: UTF8.self)
                return traced
            }
        }
        guard let shape, shape.length == bytes.count, shape.messageStart <= shape.tracebackStart,
              shape.tracebackStart <= bytes.count, shape.fileLength <= shape.messageStart else { return ScriptError(text) }
        let location = shape.fileLength > 0
            ? SourceLocation(file: String(decoding: bytes[0..<shape.fileLength], as: UTF8.self), line: Int(shape.line))
            : nil
        let message = String(decoding: bytes[shape.messageStart..<shape.tracebackStart], as: UTF8.self)
        let traceback = shape.tracebackStart < bytes.count
            ? String(decoding: bytes[(shape.tracebackStart + 1)...], as: UTF8.self)
            : nil
        let error = ScriptError(message, at: location, traceback: traceback)
        // The parts always print as the text they came from; a shape that does not is not this
        // text's (a record outlived its string), and the text is kept whole.
        return Array(error.description.utf8) == bytes ? error : ScriptError(text)
    }
}

extension ScriptError {
    /// A syntax error from Lua's parser, which is the one place Lua gives a line only inside
    /// its text ("fx.lua:3: '=' expected near 'x'"): the line is taken from just after the
    /// chunk's own name, which is known, so a path with spaces or colons is no problem. Text
    /// that does not start that way (a path Lua shortened) is kept whole, with no location.
    init(syntaxError text: String, chunk: String) {
        let prefix = chunk + ":"
        guard text.hasPrefix(prefix) else { self.init(text); return }
        let rest = text.dropFirst(prefix.count)
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard let line = Int(digits), rest.dropFirst(digits.count).hasPrefix(": ") else { self.init(text); return }
        self.init(String(rest.dropFirst(digits.count + 2)), at: SourceLocation(file: chunk, line: line))
    }
}
