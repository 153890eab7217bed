// The parts of the Swift interface (SwiftInterfaceGenerator.swift) that are not bindings: UIKit's
// types the bound declarations mention without Transit binding them (UIResponder, UIControl,
// UIEvent, the protocols UIView and the animators adopt), and the stored fields of the
// CoreGraphics and QuartzCore structs Linux's Foundation lacks.

enum SwiftInterfaceSupport {
    /// Protocols declared here (types that are protocols, not classes, when a declaration names them).
    static let protocolNames: Set<String> = [
        "UIDynamicItem", "UIContentContainer", "UIViewImplicitlyAnimating", "UIViewAnimating", "UITimingCurveProvider",
        "CAMediaTiming", "UIViewControllerTransitionCoordinatorContext", "UICoordinateSpace", "UITraitEnvironment",
        "UIFocusEnvironment", "UIAppearance",
    ]

    /// Member names a bound class inherits from a class declared here (marked `override` when redeclared).
    static let inheritedFromSupport: [String: Set<String>] = [:]

    /// Stored fields of the structs Linux lacks, as the SDK declares them.
    static let storage: [String: [String]] = [
        "CGVector": ["public var dx: CGFloat", "public var dy: CGFloat",
                     "public init() { dx = 0; dy = 0 }"],
        "CGAffineTransform": ["public var a: CGFloat", "public var b: CGFloat", "public var c: CGFloat", "public var d: CGFloat",
                              "public var tx: CGFloat", "public var ty: CGFloat",
                              "public init() { a = 1; b = 0; c = 0; d = 1; tx = 0; ty = 0 }"],
        "CATransform3D": ["public var m11: CGFloat", "public var m12: CGFloat", "public var m13: CGFloat", "public var m14: CGFloat",
                          "public var m21: CGFloat", "public var m22: CGFloat", "public var m23: CGFloat", "public var m24: CGFloat",
                          "public var m31: CGFloat", "public var m32: CGFloat", "public var m33: CGFloat", "public var m34: CGFloat",
                          "public var m41: CGFloat", "public var m42: CGFloat", "public var m43: CGFloat", "public var m44: CGFloat",
                          "public init() { m11 = 1; m12 = 0; m13 = 0; m14 = 0; m21 = 0; m22 = 1; m23 = 0; m24 = 0; m31 = 0; m32 = 0; m33 = 1; m34 = 0; m41 = 0; m42 = 0; m43 = 0; m44 = 1 }"],
        "UIEdgeInsets": ["public var top: CGFloat", "public var left: CGFloat", "public var bottom: CGFloat", "public var right: CGFloat",
                         "public init() { top = 0; left = 0; bottom = 0; right = 0 }"],
        "NSDirectionalEdgeInsets": ["public var top: CGFloat", "public var leading: CGFloat", "public var bottom: CGFloat",
                                    "public var trailing: CGFloat", "public init() { top = 0; leading = 0; bottom = 0; trailing = 0 }"],
        "UILayoutPriority": ["public var rawValue: Float", "public init(rawValue: Float) { self.rawValue = rawValue }",
                             "public init(_ rawValue: Float) { self.rawValue = rawValue }"],
    ]

    /// UIKit's types that bound declarations use and Transit does not bind.
    static let declarations = """
        public typealias CFTimeInterval = Double

        @MainActor open class UIResponder: NSObject {
            open var next: UIResponder? { get { fatalError() } }
        }

        @MainActor open class UIEvent: NSObject {
            open var timestamp: TimeInterval { get { fatalError() } }
        }

        @MainActor open class UIControl: UIView {
        }

        @MainActor open class UITabBar: UIView {
        }

        public enum UIUserInterfaceIdiom: Int, Sendable {
            case unspecified = -1, phone = 0, pad = 1, tv = 2, carPlay = 3, mac = 5, vision = 6
        }

        public enum UIUserInterfaceSizeClass: Int, Sendable {
            case unspecified = 0, compact = 1, regular = 2
        }

        extension UIGestureRecognizer {
            public enum State: Int, Sendable {
                case possible = 0, began = 1, changed = 2, ended = 3, cancelled = 4, failed = 5
                public static var recognized: State { .ended }
            }
        }

        public struct Selector: Hashable, ExpressibleByStringLiteral, Sendable {
            public init(_ name: String) { }
            public init(stringLiteral name: String) { }
            // Linux has no #selector: an export is type-checked with `#selector(m)` read as
            // `Selector(self.m)` (SwiftExporter.linuxTypeCheckable), so the method must exist.
            public init<Function>(_ method: Function) { }
        }

        open class CGColor {
        }

        extension UIColor {
            public var cgColor: CGColor { get { fatalError() } }
            public func copy(with zone: NSZone? = nil) -> Any { fatalError() }
        }

        @MainActor open class UIVisualEffect: NSObject {
        }

        @MainActor open class UICollectionViewLayoutAttributes: NSObject {
            open var frame: CGRect { get { fatalError() } set { } }
            open var center: CGPoint { get { fatalError() } set { } }
            open var size: CGSize { get { fatalError() } set { } }
            open var transform: CGAffineTransform { get { fatalError() } set { } }
            open var alpha: CGFloat { get { fatalError() } set { } }
            open var zIndex: Int { get { fatalError() } set { } }
            open var isHidden: Bool { get { fatalError() } set { } }
            open var indexPath: IndexPath { get { fatalError() } set { } }
        }

        extension UISheetPresentationController.Detent {
            public struct Identifier: Hashable, RawRepresentable, Sendable {
                public let rawValue: String
                public init(rawValue: String) { self.rawValue = rawValue }
                public static let medium = Identifier(rawValue: "com.apple.UIKit.medium")
                public static let large = Identifier(rawValue: "com.apple.UIKit.large")
            }
        }

        extension UINavigationController {
            public enum Operation: Int, Sendable {
                case none = 0, push = 1, pop = 2
            }
        }

        extension UIViewController.Transition {
            @MainActor open class ZoomOptions: NSObject {
            }
            @MainActor open class ZoomSourceViewProviderContext: NSObject {
                open var sourceViewController: UIViewController { get { fatalError() } }
                open var zoomedViewController: UIViewController { get { fatalError() } }
            }
        }

        @MainActor open class UIFont: NSObject {
            open class func systemFont(ofSize fontSize: CGFloat) -> UIFont { fatalError() }
            open class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont { fatalError() }
            open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { fatalError() }
        }

        // What Transit's UILabel.fontSize and fontWeight are in UIKit (LuaToSwiftLabels.swift).
        extension UILabel {
            public var font: UIFont! { get { fatalError() } set { } }
        }

        open class CGContext {
        }

        public protocol CAMediaTiming {
            var beginTime: CFTimeInterval { get set }
            var duration: CFTimeInterval { get set }
        }

        @MainActor public protocol UIDynamicItem: NSObjectProtocol {
            var center: CGPoint { get set }
            var bounds: CGRect { get }
            var transform: CGAffineTransform { get set }
        }

        @MainActor public protocol UIContentContainer: NSObjectProtocol {
        }

        @MainActor public protocol UICoordinateSpace: NSObjectProtocol {
        }

        @MainActor public protocol UITraitEnvironment: NSObjectProtocol {
        }

        @MainActor public protocol UIFocusEnvironment: NSObjectProtocol {
        }

        public protocol UIAppearance: NSObjectProtocol {
        }

        @MainActor public protocol UITimingCurveProvider: NSObjectProtocol {
        }

        @MainActor public protocol UIViewAnimating: NSObjectProtocol {
            var state: UIViewAnimatingState { get }
            var isRunning: Bool { get }
            var isReversed: Bool { get set }
            var fractionComplete: CGFloat { get set }
            func startAnimation()
            func startAnimation(afterDelay delay: TimeInterval)
            func pauseAnimation()
            func stopAnimation(_ withoutFinishing: Bool)
            func finishAnimation(at finalPosition: UIViewAnimatingPosition)
        }

        @MainActor public protocol UIViewImplicitlyAnimating: UIViewAnimating {
        }

        @MainActor public protocol UIViewControllerTransitionCoordinatorContext: NSObjectProtocol {
            var isAnimated: Bool { get }
            var presentationStyle: UIModalPresentationStyle { get }
            var initiallyInteractive: Bool { get }
            var isInterruptible: Bool { get }
            var isInteractive: Bool { get }
            var isCancelled: Bool { get }
            var transitionDuration: TimeInterval { get }
            var percentComplete: CGFloat { get }
            var completionVelocity: CGFloat { get }
            var completionCurve: UIView.AnimationCurve { get }
            var containerView: UIView { get }
            var targetTransform: CGAffineTransform { get }
            func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
            func view(forKey key: UITransitionContextViewKey) -> UIView?
        }

        """

    /// The cases of an enumeration declared above (`UIUserInterfaceIdiom`, `UIGestureRecognizer.State`):
    /// a property Transit gives as a string (`"phone"`) has them as its Swift type's, by the same names.
    static func enumerationCases(_ type: String) -> [String]? {
        let parts = type.split(separator: ".").map(String.init)
        var outer: String?  // the type a column-0 `extension X {` opens
        var lines = declarations.split(separator: "\n").map(String.init)[...]
        while let line = lines.popFirst() {
            if line.hasPrefix("extension "), line.hasSuffix(" {") { outer = String(line.dropFirst("extension ".count).dropLast(2)) }
            if line == "}" { outer = nil }
            let nested = line.hasPrefix(" ")
            guard line.trimmingCharacters(in: .whitespaces).hasPrefix("public enum \(parts.last!): "),
                  parts.count == 1 ? !nested : nested && outer == parts[0] else { continue }
            guard let caseLine = lines.first?.trimmingCharacters(in: .whitespaces), caseLine.hasPrefix("case ") else { return nil }
            return caseLine.dropFirst(5).split(separator: ",").map { $0.split(separator: "=")[0].trimmingCharacters(in: .whitespaces) }
        }
        return nil
    }
}
