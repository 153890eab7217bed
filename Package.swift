// swift-tools-version:6.0
// Transit: UIKit's custom view-controller transitions, headless, with Lua 5.4 animators.
// Layout and dependency direction: see docs/design.md §1.
//   transit → TransitPipeline → TransitRender, TransitLua → TransitCore.  TransitCore imports only Foundation.
//   TransitLua → TransitDynamics → TransitCore, CBox2D (UIKit Dynamics on Box2D).
import PackageDescription

let package = Package(
    name: "Transit",
    products: [
        .executable(name: "transit", targets: ["transit"]),
        // The video encoders, loaded by transit only when it writes a video (TransitPipeline's
        // VideoLibrary): FFmpeg and libwebp bring a hundred shared libraries no other run needs.
        .library(name: "TransitVideo", type: .dynamic, targets: ["TransitVideo"]),
    ],
    targets: [
        // C shims over the system Lua 5.4: macros as functions, the error trampoline,
        // the limiting allocator and the instruction-budget hook.
        .target(
            name: "CLua",
            linkerSettings: [.linkedLibrary("lua5.4")]
        ),
        // Box2D 2.4 (C++) behind a C interface, for UIKit Dynamics (TransitDynamics).
        .target(
            name: "CBox2D",
            linkerSettings: [.linkedLibrary("box2d"), .linkedLibrary("stdc++")]
        ),
        // A raster composited under a full perspective mapping in one pass, in floating point
        // (pixman's fixed-point transforms are too coarse for it): TransitRender's 3D layers.
        .target(name: "CProjection"),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CGif", providers: [.apt(["libgif-dev"])]),
        // PNG frames written with libpng's fastest settings (zlib level 1, no row filter).
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CEdit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        // FFmpeg for .mp4 (H.264 through libx264) and .webm (VP9 through libvpx); libwebp for
        // animated .webp. Licences and formats: docs/formats.md.
        .systemLibrary(name: "CAVCodec", pkgConfig: "libavformat",
                       providers: [.apt(["libavcodec-dev", "libavformat-dev", "libavutil-dev", "libswscale-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),

        .target(name: "TransitCore"),
        // UIKit Dynamics: the model over Box2D, apart so TransitCore stays pure Swift.
        .target(name: "TransitDynamics", dependencies: ["TransitCore", "CBox2D"]),
        .target(name: "TransitLua", dependencies: ["CLua", "TransitCore", "TransitDynamics"]),
        .target(name: "TransitRender", dependencies: ["CCairo", "CGif", "CPNG", "CMicroHTTPD", "CProjection", "TransitCore"]),
        // .mp4, .webm and animated .webp encoders and their decoding for measurements.
        .target(name: "TransitVideo", dependencies: ["TransitRender", "CAVCodec", "CWebP"]),
        // The run pipeline: a file's run, its sampled frames and the output formats, which
        // every command that runs or renders a file uses (docs/design.md, "The run pipeline").
        .target(name: "TransitPipeline", dependencies: ["TransitCore", "TransitLua", "TransitRender"]),
        .executableTarget(
            name: "transit",
            dependencies: ["TransitCore", "TransitLua", "TransitRender", "TransitPipeline", "CEdit"]
        ),

        .testTarget(name: "TransitCoreTests", dependencies: ["TransitCore"]),
        .testTarget(name: "TransitLuaTests", dependencies: ["TransitLua", "TransitCore", "TransitDynamics"]),
        .testTarget(name: "TransitRenderTests", dependencies: ["TransitRender", "CProjection", "TransitCore", "TransitLua", "TransitVideo"]),
        // The command-line tool's own logic (the fuzzer's generators), tested through the
        // executable target.
        .testTarget(name: "TransitTests", dependencies: ["transit", "TransitLua"]),
        .testTarget(name: "TransitPipelineTests", dependencies: ["TransitPipeline", "TransitCore", "TransitRender", "TransitLua", "TransitVideo"]),
    ]
)
