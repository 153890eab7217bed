// swift-tools-version:6.0
// Transit: UIKit's custom view-controller transitions, headless, with Lua 5.4 animators.
// Layout and dependency direction: see docs/design.md §1.
//   transit → TransitRender, TransitLua → TransitCore.  TransitCore imports only Foundation.
import PackageDescription

let package = Package(
    name: "Transit",
    products: [
        .executable(name: "transit", targets: ["transit"]),
    ],
    targets: [
        // C shims over the system Lua 5.4: macros as functions, the error trampoline,
        // the limiting allocator and the instruction-budget hook.
        .target(
            name: "CLua",
            linkerSettings: [.linkedLibrary("lua5.4")]
        ),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CGif", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CEdit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),

        .target(name: "TransitCore"),
        .target(name: "TransitLua", dependencies: ["CLua", "TransitCore"]),
        .target(name: "TransitRender", dependencies: ["CCairo", "CGif", "CMicroHTTPD", "TransitCore"]),
        .executableTarget(
            name: "transit",
            dependencies: ["TransitCore", "TransitLua", "TransitRender", "CEdit"]
        ),

        .testTarget(name: "TransitCoreTests", dependencies: ["TransitCore"]),
        .testTarget(name: "TransitLuaTests", dependencies: ["TransitLua", "TransitCore"]),
        .testTarget(name: "TransitRenderTests", dependencies: ["TransitRender", "TransitCore", "TransitLua"]),
        // The command-line tool's own logic (the fuzzer's generators), tested through the
        // executable target.
        .testTarget(name: "TransitTests", dependencies: ["transit", "TransitLua"]),
    ]
)
