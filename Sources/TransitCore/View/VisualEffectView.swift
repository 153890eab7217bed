// UIVisualEffectView with a UIBlurEffect: a view that blurs and tints what is behind it, with a
// contentView for what sits on the blur. The blur itself is the renderer's (a layer whose
// content is `.backdrop`); the model only says how strong it is and in which style.
//
// How the effect animates (iOS 9 and later animate `effect`, e.g. to nil, inside an animation
// block): the view keeps a private backdrop subview, below the contentView, whose alpha is the
// effect's intensity. Setting `effect` sets that alpha (1 with an effect, 0 without), so it
// animates with the block's curve like any alpha; the renderer scales the blur radius and the
// tint's alpha by it instead of cross-fading (docs/semantics.md, "Visual effects").

/// UIBlurEffect.Style. Transit has no dark mode: the adaptive styles (`regular`, `prominent`,
/// the `system…Material` family) take their light appearance.
public enum BlurStyle: String, CaseIterable, Sendable {
    case extraLight, light, dark, regular, prominent
    case systemUltraThinMaterial, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial
    case systemUltraThinMaterialLight, systemThinMaterialLight, systemMaterialLight, systemThickMaterialLight, systemChromeMaterialLight
    case systemUltraThinMaterialDark, systemThinMaterialDark, systemMaterialDark, systemThickMaterialDark, systemChromeMaterialDark

    /// What the renderer draws for this style at full intensity. Apple documents no numbers;
    /// these are Transit's, chosen to look like the styles (docs/semantics.md, "Visual effects").
    public var backdrop: BackdropContent {
        let lightTint = Color(white: 0.97), darkTint = Color(white: 0.11)
        switch self {
        case .extraLight, .prominent: return BackdropContent(radius: 20, tint: lightTint.withAlphaComponent(0.82))
        case .light, .regular: return BackdropContent(radius: 30, tint: Color(white: 1).withAlphaComponent(0.3))
        case .dark: return BackdropContent(radius: 20, tint: darkTint.withAlphaComponent(0.73))
        case .systemUltraThinMaterial, .systemUltraThinMaterialLight: return BackdropContent(radius: 12, tint: lightTint.withAlphaComponent(0.25))
        case .systemThinMaterial, .systemThinMaterialLight: return BackdropContent(radius: 16, tint: lightTint.withAlphaComponent(0.45))
        case .systemMaterial, .systemMaterialLight: return BackdropContent(radius: 20, tint: lightTint.withAlphaComponent(0.6))
        case .systemThickMaterial, .systemThickMaterialLight: return BackdropContent(radius: 24, tint: lightTint.withAlphaComponent(0.75))
        case .systemChromeMaterial, .systemChromeMaterialLight: return BackdropContent(radius: 20, tint: lightTint.withAlphaComponent(0.75))
        case .systemUltraThinMaterialDark: return BackdropContent(radius: 12, tint: darkTint.withAlphaComponent(0.25))
        case .systemThinMaterialDark: return BackdropContent(radius: 16, tint: darkTint.withAlphaComponent(0.45))
        case .systemMaterialDark: return BackdropContent(radius: 20, tint: darkTint.withAlphaComponent(0.6))
        case .systemThickMaterialDark: return BackdropContent(radius: 24, tint: darkTint.withAlphaComponent(0.75))
        case .systemChromeMaterialDark: return BackdropContent(radius: 20, tint: darkTint.withAlphaComponent(0.75))
        }
    }
}

/// A backdrop layer's look at full intensity: a Gaussian blur of standard deviation `radius`
/// points of what is behind it, then `tint` painted over it.
public struct BackdropContent: Hashable, Sendable {
    public var radius: Double
    public var tint: Color

    public init(radius: Double, tint: Color) {
        self.radius = radius; self.tint = tint
    }
}

/// UIBlurEffect: an immutable description of a blur, shared by the effect views that use it.
public final class BlurEffect: HostObject {
    public override class var className: String { "UIBlurEffect" }
    public let style: BlurStyle

    public init(world: World, style: BlurStyle) {
        self.style = style
        super.init(world: world)
    }

    public override var traceName: String { "UIBlurEffect(\(style.rawValue))" }
}

public final class VisualEffectView: View {
    public override class var className: String { "UIVisualEffectView" }

    /// What scripts add their subviews to; it fills the effect view and draws over the blur.
    public let contentView: View
    /// Draws the blur; its alpha is the effect's intensity (see above).
    let backdropView: View

    public var effect: BlurEffect? { didSet { applyEffect() } }

    private func applyEffect() {
        if let effect {
            backdropView.layer.content = .backdrop(effect.style.backdrop)
            backdropView.alpha = 1
        } else {
            // The content stays, so an animation to nil fades the style that was showing.
            backdropView.alpha = 0
        }
    }

    public init(world: World, effect: BlurEffect? = nil, frame: Rect = .zero) {
        backdropView = View(world: world)
        contentView = View(world: world)
        super.init(world: world, frame: frame)
        backdropView.name = "_UIVisualEffectBackdropView"
        contentView.name = "contentView"
        world.withoutAnimation {
            for part in [backdropView, contentView] {
                part.frame = Rect(origin: .zero, size: bounds.size)
                part.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                // A fresh view has no superview, window or ancestors: adding cannot fail.
                try? addSubview(part)
            }
            self.effect = effect
            applyEffect()  // observers do not run for a class's own properties in its initialiser
        }
    }
}
