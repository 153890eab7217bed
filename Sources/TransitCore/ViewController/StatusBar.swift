// The status bar: which view controller decides its appearance (UIKit's rule), when UIKit reads
// that appearance again, and what the bar shows at any instant, so every output draws the same
// bar for the same frame. Decisions and evidence: docs/semantics.md, "The status bar".

/// What the status bar looks like: its style and whether it is hidden.
public struct StatusBarAppearance: Hashable, Sendable, CustomStringConvertible {
    public var style: StatusBarStyle
    public var isHidden: Bool

    public init(style: StatusBarStyle = .default, isHidden: Bool = false) {
        self.style = style; self.isHidden = isHidden
    }

    /// The glyph colour: Transit has no dark mode, so `default` is dark content, as it is in
    /// light mode on iOS 13 and later.
    public var glyphs: StatusBarContent.Glyphs { style == .lightContent ? .light : .dark }

    public var description: String { "style=\(style.rawValue) hidden=\(isHidden)" }
}

/// One status bar as a layer's content: what the renderer draws over the window, in the layer's
/// bounds (the device's status-bar area).
public struct StatusBarContent: Hashable, Sendable {
    /// Black glyphs (`darkContent`, and `default`) or white ones (`lightContent`).
    public enum Glyphs: String, Sendable { case dark, light }
    /// Where the items sit: split around the Dynamic Island, centred time on home-button
    /// iPhones, time at the leading edge on iPad.
    public enum Layout: String, Sendable { case island, homeButton, pad }

    public var glyphs: Glyphs
    public var layout: Layout
    /// Apple's marketing time, so frames do not depend on the clock.
    public var time: String

    public init(glyphs: Glyphs, layout: Layout, time: String = "9:41") {
        self.glyphs = glyphs; self.layout = layout; self.time = time
    }
}

/// The appearance the status bar has had since the scene began, as a list of changes, so a
/// snapshot at any time (frames are sampled while the scene runs, filmstrips at chosen times)
/// reads the bar of that instant. A change made inside an animation block crossfades.
public final class StatusBarTimeline {
    struct Change {
        let start: Double
        let duration: Double
        let timing: AnimationTiming
        let from: StatusBarAppearance
        let to: StatusBarAppearance
    }

    /// The appearance UIKit read last (the end of any crossfade under way).
    public private(set) var current = StatusBarAppearance()
    private var changes: [Change] = []

    func change(to appearance: StatusBarAppearance, at time: Double, duration: Double, timing: AnimationTiming) {
        guard appearance != current else { return }
        changes.append(Change(start: time, duration: max(0, duration), timing: timing, from: current, to: appearance))
        current = appearance
    }

    /// The bars visible at `time` with their opacities: one bar, none when hidden, two during a
    /// crossfade between styles (the old one fading out under the new one fading in).
    public func visibleBars(at time: Double) -> [(appearance: StatusBarAppearance, opacity: Double)] {
        guard let index = changes.lastIndex(where: { $0.start <= time }) else {
            return StatusBarTimeline.bars(StatusBarAppearance(), opacity: 1)
        }
        let change = changes[index]
        let elapsed = time - change.start
        guard change.duration > 0, elapsed < change.duration else { return StatusBarTimeline.bars(change.to, opacity: 1) }
        let raw = change.timing.progress(elapsed / change.duration, elapsed: elapsed)
        let progress = raw.isFinite ? min(1, max(0, raw)) : 1
        if change.from.glyphs == change.to.glyphs {
            // Only the visibility changes (or the style within one glyph colour): one bar fades.
            let from = change.from.isHidden ? 0.0 : 1, to = change.to.isHidden ? 0.0 : 1
            return StatusBarTimeline.bars(StatusBarAppearance(style: change.to.style, isHidden: false),
                                          opacity: from + (to - from) * progress)
        }
        return StatusBarTimeline.bars(change.from, opacity: 1 - progress) + StatusBarTimeline.bars(change.to, opacity: progress)
    }

    private static func bars(_ appearance: StatusBarAppearance, opacity: Double) -> [(appearance: StatusBarAppearance, opacity: Double)] {
        appearance.isHidden || opacity <= 0 ? [] : [(appearance, opacity)]
    }
}

extension ViewController {
    /// `prefersStatusBarHidden`: a subclass's override (a method returning a boolean), else false.
    public func effectivePrefersStatusBarHidden() throws -> Bool {
        let name = Hook.OverridableProperty.prefersStatusBarHidden
        guard let value = try world.scripting?.property(self, name), !value.isNone else { return false }
        guard case .boolean(let hidden) = value else {
            throw world.hookError(self, name, "\(name) must return a boolean (got \(value.traceDescription))")
        }
        return hidden
    }

    /// `childForStatusBarStyle` / `childForStatusBarHidden`: a subclass's override, else the
    /// container's default (a navigation controller's top controller, a tab bar controller's
    /// selected one), else nil.
    public func effectiveChildForStatusBar(_ name: Hook.OverridableProperty) throws -> ViewController? {
        if let value = try world.scripting?.property(self, name) {
            if value.isNone { return nil }
            guard let child = value.object as? ViewController else {
                throw world.hookError(self, name, "\(name) must return a UIViewController or nil (got \(value.traceDescription))")
            }
            return child
        }
        return defaultChildForStatusBar
    }

    /// UIKit's containers hand the status bar to the child on screen. Transit draws no
    /// navigation bar, so a navigation controller behaves as UIKit's does with its bar hidden:
    /// its top controller decides.
    var defaultChildForStatusBar: ViewController? {
        if let navigation = self as? NavigationController { return navigation.topViewController }
        if let tabs = self as? TabBarController { return tabs.selectedViewController }
        return nil
    }

    /// Whether this presented controller takes the status bar from its presenter: a
    /// presentation that covers the screen (fullScreen, overFullScreen) does, any other only with
    /// `modalPresentationCapturesStatusBarAppearance`.
    var capturesStatusBarAppearance: Bool {
        get throws {
            let name = Hook.OverridableProperty.modalPresentationCapturesStatusBarAppearance
            if try world.scripting?.property(self, name)?.boolean ?? modalPresentationCapturesStatusBarAppearance { return true }
            let style = try presentationController?.presentationStyle ?? world.resolvedStyle(effectiveModalPresentationStyle())
            return style == .fullScreen || style == .overFullScreen
        }
    }

    /// `setNeedsStatusBarAppearanceUpdate()`: UIKit reads the appearance again; inside an
    /// animation block the change crossfades over the block's duration. The receiver's style is
    /// recorded in the trace whoever decides.
    public func setNeedsStatusBarAppearanceUpdate() throws {
        let style = try effectivePreferredStatusBarStyle()
        world.traceEvent(traceName, "setNeedsStatusBarAppearanceUpdate", ["preferredStatusBarStyle=\(style.rawValue)"])
        try world.updateStatusBarAppearance()
    }
}

extension World {
    /// The controller whose appearance the status bar shows, before container forwarding: from
    /// the window's root down the chain of presented controllers that capture it. A controller
    /// being dismissed has handed the bar back to its presenter.
    public func statusBarController() throws -> ViewController? {
        guard var current = window.rootViewController else { return nil }
        var visited: Set<ObjectIdentifier> = [ObjectIdentifier(current)]
        while let presented = presentedController(under: current), !presented.isBeingDismissed,
              try presented.capturesStatusBarAppearance, visited.insert(ObjectIdentifier(presented)).inserted {
            current = presented
        }
        return current
    }

    /// The controller presented from `controller` or from a child it shows (a controller inside
    /// a navigation or tab bar controller may present over a context).
    private func presentedController(under controller: ViewController) -> ViewController? {
        var current: ViewController? = controller
        var depth = 0
        while let candidate = current, depth < 64 {
            if let presented = candidate.presentedViewController { return presented }
            current = candidate.defaultChildForStatusBar
            depth += 1
        }
        return nil
    }

    /// Follows `childForStatusBarStyle` (or `...Hidden`) down from `controller` to the one that
    /// answers; a cycle or a chain longer than 64 stops where it is.
    private func statusBarChild(of controller: ViewController, _ hook: Hook.OverridableProperty) throws -> ViewController {
        var current = controller
        var visited: Set<ObjectIdentifier> = [ObjectIdentifier(controller)]
        while let child = try current.effectiveChildForStatusBar(hook), visited.count < 64,
              visited.insert(ObjectIdentifier(child)).inserted {
            current = child
        }
        return current
    }

    /// Whether a sheet presented over `controller` without taking the status bar shows the black
    /// behind the scaled-back presenter under the bar: iOS 13+ page and form sheets in compact
    /// width (docs/semantics.md, "The status bar").
    private func sheetDarkensTheStatusBar(over controller: ViewController) -> Bool {
        guard systemVersion >= 13, screen.horizontalSizeClass == .compact,
              let sheet = presentedController(under: controller), !sheet.isBeingDismissed,
              let style = sheet.presentationController?.presentationStyle else { return false }
        return style == .pageSheet || style == .formSheet
    }

    /// The appearance UIKit would read now.
    public func statusBarAppearanceNow() throws -> StatusBarAppearance {
        guard let controller = try statusBarController() else { return StatusBarAppearance() }
        let style = sheetDarkensTheStatusBar(over: controller) ? .lightContent
            : try statusBarChild(of: controller, Hook.OverridableProperty.childForStatusBarStyle).effectivePreferredStatusBarStyle()
        let hidden = try sharedApplication?.statusBarHiddenSetting
            ?? statusBarChild(of: controller, Hook.OverridableProperty.childForStatusBarHidden).effectivePrefersStatusBarHidden()
        return StatusBarAppearance(style: style, isHidden: hidden)
    }

    /// UIKit reads the status bar appearance again (after `setNeedsStatusBarAppearanceUpdate`, a
    /// finished transition, a new root). Inside an animation block (not performWithoutAnimation)
    /// the change crossfades over the block's delay and duration, with its curve.
    func updateStatusBarAppearance() throws {
        var duration = 0.0, delay = 0.0
        var timing = AnimationTiming.linear
        if let context = animationContexts.last, context.kind != .disabled {
            duration = context.duration; delay = context.delay; timing = context.timing
        }
        try changeStatusBar(at: now + delay, duration: duration, timing: timing)
    }

    /// A presentation or dismissal that runs by itself (not interactively) carries the status
    /// bar's change: the appearance the bar will have once it completes (the presented
    /// controller already counts, the dismissed one no longer does) crossfades over its duration
    /// from its start. The re-read at completion then confirms it, or puts the old one back at
    /// once when the transition was cancelled.
    func changeStatusBar(alongside transition: Transition) throws {
        guard transition.kind == .presentation || transition.kind == .dismissal else { return }
        try changeStatusBar(at: now, duration: transition.duration, timing: .curve(.easeInEaseOut))
    }

    private func changeStatusBar(at start: Double, duration: Double, timing: AnimationTiming) throws {
        let appearance = try statusBarAppearanceNow()
        guard appearance != statusBar.current else { return }
        statusBar.change(to: appearance, at: start, duration: duration, timing: timing)
        traceEvent("UIStatusBar", "appearance", [appearance.description] + (duration > 0 ? ["animated \(formatNumber(duration)) s"] : []))
    }

    /// What the screen shows at `time`: the window's tree `window` (sampled at that time) with
    /// the status bar over it, in the device's status-bar area for the current orientation.
    /// Without `statusBar`, or where the device shows none (iPhone landscape), the window alone.
    public func screenSnapshot(_ window: LayerSnapshot, at time: Double, statusBar drawsStatusBar: Bool = true) -> LayerSnapshot {
        let bounds = screen.bounds
        let height = device.statusBarHeight(in: orientation)
        guard drawsStatusBar, height > 0 else { return window }
        let bars = statusBar.visibleBars(at: time).map { bar in
            LayerSnapshot(name: "UIStatusBar", bounds: Rect(x: 0, y: 0, width: bounds.width, height: height),
                          position: Point(x: bounds.width / 2, y: height / 2), opacity: bar.opacity,
                          content: .statusBar(StatusBarContent(glyphs: bar.appearance.glyphs, layout: device.statusBarLayout)))
        }
        guard !bars.isEmpty else { return window }
        return LayerSnapshot(name: "UIScreen", bounds: bounds, position: Point(x: bounds.midX, y: bounds.midY),
                             sublayers: [window] + bars)
    }
}
