// UIView.tintColor: a colour a view inherits from its superview unless it sets its own, the
// system blue at the top (UIKit's default tint for a window without one). When it changes,
// every view below that inherits it hears tintColorDidChange, as UIKit's do, so controls that
// draw in the tint (UIButton's title, the navigation bar's back button) redraw.

extension View {
    /// UIKit's default tint, the system blue (0, 122, 255).
    public static let defaultTintColor = Color(red: 0, green: 122.0 / 255, blue: 1)

    /// UIView.tintColor: the view's own, else the nearest ancestor's, else the system blue.
    /// Setting nil goes back to inheriting.
    public var tintColor: Color {
        get {
            var view: View? = self
            while let current = view {
                if let own = current.ownTintColor { return own }
                view = current.superview
            }
            return View.defaultTintColor
        }
        set { setTintColor(newValue) }
    }

    /// Sets (or with nil clears) the view's own tint and tells the views that inherit it.
    public func setTintColor(_ color: Color?) {
        guard color != ownTintColor else { return }
        ownTintColor = color
        tintColorDidChangeInSubtree()
    }

    /// tintColorDidChange on this view and on every descendant that inherits from it.
    func tintColorDidChangeInSubtree() {
        tintColorDidChange()
        for subview in subviews where subview.ownTintColor == nil { subview.tintColorDidChangeInSubtree() }
    }
}
