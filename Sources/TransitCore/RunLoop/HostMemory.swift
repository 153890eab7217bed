// The memory the host holds because a script asked for it: views, layers, controllers, the
// strings a script names them with, images, the trace. Lua's allocator only sees Lua's heap;
// without this count a script keeping views (or naming ten views with a 100 MB string) would
// reach gigabytes under a 256 MB limit. The bytes are estimates of what each thing costs (a
// view with its layer measures about 1.2 KB of resident memory), kept exactly in step with
// what is alive: every object is charged when it is made and credited when it is freed.

public final class HostMemory {
    /// The bytes charged now. A pointer, so the Lua side can read it on every host call
    /// without calling into Swift (TransitLua points its limits at it).
    public let bytes: UnsafeMutablePointer<Int>

    public init() {
        bytes = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        bytes.initialize(to: 0)
    }

    deinit { bytes.deallocate() }

    public var used: Int { bytes.pointee }

    @inline(__always) public func charge(_ count: Int) { bytes.pointee &+= count }
    @inline(__always) public func credit(_ count: Int) { bytes.pointee &-= count }

    /// What a string costs the host beside its characters (Swift's header and allocation).
    public static func cost(of text: String?) -> Int {
        guard let text else { return 0 }
        return text.utf8.count + 32
    }
}
