import CLua
import TransitCore

// Script errors as ScriptError values (location, message, traceback), made where the error is
// raised and carried to the printers. Lua moves errors as strings (a script's own pcall sees
// "fx.lua:3: boom"), so each string is paired with its parts where it is made: the host keeps
// the ScriptError it raised (raisedError), and transit_pcall's message handler records the
// location of the frame that raised a Lua error (transit_ErrorShape), from lua_Debug. A
// traceback is the frames the handler took from lua_getstack/lua_getinfo (kept in the registry
// with the string they were written into), read back as frames, never cut out of the text.

extension LuaRuntime {
    /// Raises `error` from a host function (through the trampoline): its text is what Lua
    /// code sees, and the error itself is kept for whoever catches that text.
    func raise(_ error: ScriptError) -> Int32 {
        raisedError = error
        lua_pushstring(L, error.description)
        // The string is new: its traceback's frames are recorded for it, as the message
        // handler records the frames of the strings it writes, so a handler further out
        // knows it has a traceback (and which) without reading the text.
        if let traceback = error.traceback { record(traceback, forStringAt: -1, start: error.locatedReason.utf8.count) }
        return TRANSIT_RAISE
    }

    /// Keeps `traceback`'s frames in the registry (TRANSIT_CAUGHT_FRAMES) for the string at
    /// `index`, whose traceback starts at byte `start`.
    private func record(_ traceback: Traceback, forStringAt index: Int32, start: Int) {
        let text = lua_absindex(L, index)
        lua_createtable(L, Int32(traceback.entries.count), 3)
        for (position, entry) in traceback.entries.enumerated() {
            lua_createtable(L, 0, 5)
            switch entry {
            case .skipped(let count):
                lua_pushinteger(L, lua_Integer(count)); lua_setfield(L, -2, "skipped")
            case .frame(let frame):
                lua_pushstring(L, frame.source); lua_setfield(L, -2, "source")
                if let line = frame.line { lua_pushinteger(L, lua_Integer(line)); lua_setfield(L, -2, "line") }
                lua_pushstring(L, frame.function); lua_setfield(L, -2, "name")
                lua_pushboolean(L, frame.isC ? 1 : 0); lua_setfield(L, -2, "c")
                lua_pushboolean(L, frame.isTailCall ? 1 : 0); lua_setfield(L, -2, "tail")
            }
            lua_rawseti(L, -2, lua_Integer(position + 1))
        }
        if !traceback.note.isEmpty { lua_pushstring(L, traceback.note); lua_setfield(L, -2, "note") }
        lua_pushvalue(L, text); lua_setfield(L, -2, "text")
        lua_pushinteger(L, lua_Integer(start)); lua_setfield(L, -2, "start")
        lua_setfield(L, transit_registryindex(), TRANSIT_CAUGHT_FRAMES)
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
            error = structured(text, at: pointer, shape: caught.text == pointer && caught.length == length ? caught : nil)
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
        return structured(text, at: pointer, shape: shape)
    }

    /// The failure of a __gc finalizer that transit_takefinalizerfailure left on top, popped:
    /// its text names the finalizer's line itself and carries the finalizer's traceback.
    func takeFinalizerFailure() -> ScriptError {
        guard let text = string(at: -1) else { transit_pop(L, 1); return ScriptError("a __gc finalizer failed") }
        var length = 0
        let pointer = transit_tostring(L, -1, &length)
        var shape = transit_ErrorShape()
        transit_shapeerror(L, L, -1, pointer, length, &shape)
        let error = structured(text, at: pointer, shape: shape)
        transit_pop(L, 1)
        return error
    }

    /// `text` with its parts: the host's own raise when it is that one (with the traceback a
    /// handler added after it), else as `shape` describes it, else a message without location.
    private func structured(_ text: String, at pointer: UnsafePointer<CChar>?, shape: transit_ErrorShape?) -> ScriptError {
        let bytes = Array(text.utf8)
        if let raised = raisedError {
            let raisedBytes = Array(raised.description.utf8)
            if bytes == raisedBytes { return raised }
            if raised.traceback == nil, let shape, shape.tracebackStart == raisedBytes.count,
               bytes.starts(with: raisedBytes), let traceback = recordedTraceback(of: pointer) {
                var traced = raised
                traced.traceback = traceback
                if Array(traced.description.utf8) == bytes { return traced }
            }
        }
        guard let shape, shape.length == bytes.count, shape.messageStart <= shape.tracebackStart,
              shape.tracebackStart <= bytes.count, shape.fileLength <= shape.messageStart else { return ScriptError(text) }
        let location = shape.fileLength > 0
            ? SourceLocation(file: String(decoding: bytes[0..<shape.fileLength], as: UTF8.self), line: Int(shape.line))
            : nil
        let message = String(decoding: bytes[shape.messageStart..<shape.tracebackStart], as: UTF8.self)
        var traceback: Traceback?
        if shape.tracebackStart < bytes.count {
            // Transit wrote this traceback: its frames were kept with the string.
            guard let recorded = recordedTraceback(of: pointer) else { return ScriptError(text) }
            traceback = recorded
        }
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

extension LuaRuntime {
    /// The frames recorded for the error string at `pointer` (the same string, by address),
    /// or nil when Transit wrote no traceback into it.
    func recordedTraceback(of pointer: UnsafePointer<CChar>?) -> Traceback? {
        guard let pointer, transit_pushframesof(L, pointer) != 0 else { return nil }
        defer { transit_pop(L, 1) }
        return traceback(fromFramesAt: -1)
    }

    /// The frames table at `index` (transit_pushframes) as a Traceback.
    func traceback(fromFramesAt index: Int32) -> Traceback {
        let table = lua_absindex(L, index)
        var entries: [Traceback.Entry] = []
        let count = lua_rawlen(L, table)
        for position in stride(from: 1, through: Int(count), by: 1) {
            lua_rawgeti(L, table, lua_Integer(position))
            defer { transit_pop(L, 1) }
            func field(_ name: String) -> Int32 { lua_getfield(L, -1, name) }
            if field("skipped") == LUA_TNUMBER {
                entries.append(.skipped(Int(lua_tointegerx(L, -1, nil))))
                transit_pop(L, 1)
                continue
            }
            transit_pop(L, 1)
            _ = field("source"); let source = string(at: -1) ?? "?"; transit_pop(L, 1)
            let line: Int? = field("line") == LUA_TNUMBER ? Int(lua_tointegerx(L, -1, nil)) : nil; transit_pop(L, 1)
            _ = field("name"); let function = string(at: -1) ?? "?"; transit_pop(L, 1)
            _ = field("c"); let isC = lua_toboolean(L, -1) != 0; transit_pop(L, 1)
            _ = field("tail"); let isTailCall = lua_toboolean(L, -1) != 0; transit_pop(L, 1)
            entries.append(.frame(Traceback.Frame(source: source, line: line, function: function, isC: isC, isTailCall: isTailCall)))
        }
        var traceback = Traceback(entries)
        if lua_getfield(L, table, "note") == LUA_TSTRING { traceback.note = string(at: -1) ?? "" }
        transit_pop(L, 1)
        return traceback
    }
}
