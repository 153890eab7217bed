import Foundation
import Testing
@testable import TransitLua

// `transit api --swift-interface` (docs/export.md): the UIKit module it prints declares UIKit's
// members with the SDK's Swift declarations, checked against declarations copied from Apple's
// documentation pages (Tests/Fixtures/swift-interface/apple-signatures.txt names the page of
// each), and it compiles: Swift written against UIKit type-checks, and a mistake does not.
@Suite struct SwiftInterfaceTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent("swift-interface")
    let interface = TransitAPI.description.swiftInterface

    /// One entry of the fixture: the page, the declaration as the page prints it, and, where no
    /// page could be found to confirm it, why (`# unverified: <why>` after the declaration). An
    /// unverified entry is checked like any other; it is only counted apart.
    struct Signature { var page: String; var declaration: String; var unverified: String? = nil }

    static func signatures() throws -> [Signature] {
        let text = try String(contentsOf: fixtures.appendingPathComponent("apple-signatures.txt"), encoding: .utf8)
        var result: [Signature] = []
        var page: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("#") || line.trimmingCharacters(in: .whitespaces).isEmpty { page = nil; continue }
            if line.hasPrefix("https://") { page = line; continue }
            guard let current = page else { continue }
            // A trailing comment (` # unverified: ...`, or a note) is not part of the declaration.
            var declaration = line
            var unverified: String?
            if let comment = line.range(of: " # ") {
                declaration = String(line[..<comment.lowerBound]).trimmingCharacters(in: .whitespaces)
                let note = line[comment.upperBound...].trimmingCharacters(in: .whitespaces)
                if note.hasPrefix("unverified:") {
                    unverified = note.dropFirst("unverified:".count).trimmingCharacters(in: .whitespaces)
                }
            }
            result.append(Signature(page: current, declaration: declaration, unverified: unverified))
            page = nil
        }
        return result
    }

    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    /// The interface's lines as declarations: whitespace collapsed, the stub bodies and the access
    /// modifiers (`open`, `public`, `override`, which Apple's pages do not print) taken out.
    static func declarations(of interface: String) -> [String] {
        interface.split(separator: "\n").map { line in
            var text = collapsed(String(line))
            // A stored property stub (`@NSCopying` needs one) is a `var` Apple prints `{ get set }`.
            if text.hasSuffix(" = { fatalError() }()"), SwiftDeclaration.keyword(of: text) == "var" {
                text = String(text.dropLast(" = { fatalError() }()".count)) + " { get set }"
            }
            text = text.replacingOccurrences(of: " { get { fatalError() } set { } }", with: " { get set }")
                .replacingOccurrences(of: " { get { fatalError() } }", with: " { get }")
                .replacingOccurrences(of: " = { fatalError() }()", with: "")
                .replacingOccurrences(of: " { fatalError() }", with: "")
            for modifier in ["open ", "public ", "override "] { text = text.replacingOccurrences(of: modifier, with: "") }
            return text
        }
    }

    /// "120 verified on Apple's pages, 0 unverified": every failure message says how much of the
    /// fixture was confirmed on a page and how much is marked `# unverified`.
    static func tally(_ signatures: [Signature]) -> String {
        let unverified = signatures.filter { $0.unverified != nil }.count
        return "\(signatures.count - unverified) verified on Apple's pages, \(unverified) unverified"
    }

    @Test func theFixtureNamesAPageForEachOfAtLeastSixtyDeclarations() throws {
        let signatures = try Self.signatures()
        let tally = Self.tally(signatures)
        #expect(signatures.count >= 60, "\(tally)")
        for signature in signatures {
            #expect(signature.page.hasPrefix("https://developer.apple.com/documentation/"), "\(signature.declaration) (\(tally))")
            if let why = signature.unverified {
                #expect(!why.isEmpty, "\(signature.page): `# unverified:` gives no reason (\(tally))")
            }
        }
        // The verified entries are the fixture's point: at least 109 are confirmed on a page.
        #expect(signatures.filter { $0.unverified == nil }.count >= 109, "\(tally)")
        #expect(Set(signatures.map(\.declaration)).count == signatures.count, "a declaration is listed twice (\(tally))")
    }

    @Test func theInterfaceDeclaresEachDocumentedSignature() throws {
        let lines = Self.declarations(of: interface)
        let present = Set(lines)
        let signatures = try Self.signatures()
        let tally = Self.tally(signatures)
        for signature in signatures {
            let expected = Self.collapsed(signature.declaration)
            if expected.hasPrefix("optional ") {
                // An optional requirement: the requirement without `optional` (Swift on Linux has
                // no @objc protocols), marked by the comment line before it.
                let requirement = String(expected.dropFirst("optional ".count))
                let index = lines.firstIndex(of: requirement)
                let found = index != nil
                #expect(found, "\(signature.page): \(expected) is not in the interface (\(tally))")
                if let index {
                    #expect(lines[index - 1].hasPrefix("// optional in UIKit"), "\(signature.page): \(requirement) is not marked optional (\(tally))")
                }
            } else {
                let found = present.contains(expected)
                #expect(found, "\(signature.page): \(expected) is not in the interface (\(tally))")
            }
        }
    }

    @Test func everyProtocolHookIsRequiredExactlyWhenItsDeclarationIsNotOptional() {
        for proto in TransitAPI.description.protocols {
            for hook in proto.hooks {
                guard let declaration = hook.swiftDeclaration else {
                    Issue.record("\(proto.name).\(hook.name) has no Swift declaration")
                    continue
                }
                let isOptional = SwiftDeclaration.core(declaration).prefix.contains("optional")
                #expect(isOptional != hook.isRequired, "\(proto.name).\(hook.name): required \(hook.isRequired) but declared \(declaration)")
            }
        }
    }

    @Test func everyWrittenPropertyDeclarationNamesABoundPropertyOrConstant() {
        var bound = Set<String>()
        for cls in TransitAPI.description.classes {
            for property in cls.properties { bound.insert("\(cls.name).\(property.name)") }
            for constant in cls.constants { bound.insert("\(cls.name).\(constant.name)") }
        }
        let stale = SwiftNames.properties.keys.filter { !bound.contains($0) }
        #expect(stale.isEmpty, "property declarations naming nothing bound: \(stale.sorted())")
        for (key, declaration) in SwiftNames.properties {
            #expect(SwiftDeclaration.keyword(of: declaration) == "var" || SwiftDeclaration.keyword(of: declaration) == "let", "\(key): \(declaration)")
        }
    }

    @Test func everyMemberOfTheInterfaceHasAWrittenDeclaration() {
        // A member with no declaration would be printed from its Lua type (`var tag: CGFloat`), which
        // is not UIKit's; none may be.
        let counts = TransitAPI.description.swiftInterfaceCounts
        #expect(counts.derived == 0, "declared from Lua types only: \(counts.derivedMembers.sorted())")
        #expect(counts.written > 700)
    }

    @Test func namesAreReadFromDeclarations() {
        #expect(SwiftDeclaration("func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView)").name == "insertSubview(_:belowSubview:)")
        #expect(SwiftDeclaration("class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil)").name
                == "animate(withDuration:animations:completion:)")
        #expect(SwiftDeclaration("init(x: CGFloat, y: CGFloat)").name == "init(x:y:)")
        #expect(SwiftDeclaration("var presentedView: UIView? { get }").name == "var presentedView: UIView?")
        #expect(SwiftDeclaration("class var layerClass: AnyClass { get }").name == "class var layerClass: AnyClass")
        #expect(SwiftDeclaration("func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D").name
                == "CATransform3DMakeRotation(_:_:_:_:)")
        #expect(SwiftDeclaration("optional func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?").name
                == "animationController(forDismissed:)")
        #expect(!SwiftDeclaration("deinit").isFull)
    }

    // MARK: - Compiling the interface

    static func swiftc() -> URL? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    static func run(_ swiftc: URL, _ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = swiftc
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = directory.appendingPathComponent("swiftc-\(UUID().uuidString).log")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
    }

    @Test(.timeLimit(.minutes(3))) func theInterfaceCompilesAndChecksAFadeAnimator() throws {
        guard let swiftc = Self.swiftc() else {
            Issue.record("swiftc is not on PATH: the interface cannot be compiled")
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("transit-swift-interface-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try interface.write(to: directory.appendingPathComponent("UIKit.swift"), atomically: true, encoding: .utf8)

        let module = try Self.run(swiftc, ["-emit-module", "-module-name", "UIKit", "-parse-as-library", "UIKit.swift",
                                           "-emit-module-path", directory.appendingPathComponent("UIKit.swiftmodule").path], in: directory)
        #expect(module.status == 0, "swiftc -emit-module failed:\n\(module.output.prefix(4000))")
        guard module.status == 0 else { return }

        let fade = Self.fixtures.appendingPathComponent("Fade.swift").path
        let good = try Self.run(swiftc, ["-typecheck", "-I", directory.path, fade], in: directory)
        #expect(good.status == 0, "the fade animator does not type-check:\n\(good.output.prefix(4000))")

        // A presentation effect: a UIPresentationController subclass, its transitioning delegate, a
        // property-animator animator and a pan-driven interaction controller.
        let sheet = Self.fixtures.appendingPathComponent("Sheet.swift").path
        // In the Swift 6 language mode, whose concurrency checking a translated effect may be held to.
        let presentation = try Self.run(swiftc, ["-typecheck", "-swift-version", "6", "-I", directory.path, sheet], in: directory)
        #expect(presentation.status == 0, "the sheet presentation does not type-check:\n\(presentation.output.prefix(4000))")

        let broken = Self.fixtures.appendingPathComponent("FadeBroken.swift").path
        let bad = try Self.run(swiftc, ["-typecheck", "-I", directory.path, broken], in: directory)
        #expect(bad.status != 0, "a call with an argument completeTransition(_:) does not take type-checked")
        #expect(bad.output.contains("extra argument 'animated'"), "unexpected diagnostics:\n\(bad.output.prefix(2000))")
    }
}
