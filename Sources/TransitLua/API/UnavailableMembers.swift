// Well-known UIKit and Core Animation members that Transit does not provide, by the class that
// declares them in UIKit. Reading or assigning one says so by name ("UIViewController.
// beginAppearanceTransition is not available in Transit") instead of Lua's "attempt to call a
// nil value": a port from Swift meets these first, and the message tells its author the
// difference is Transit's, not a typo. The list is of real UIKit names only (a test checks that
// none of them is a member Transit has); a name missing from it simply reads as nil.
// docs/lua-api.md lists them under each class; docs/semantics.md ("Safety net") has the rules.

extension TransitAPI {
    static let unavailableMembers: [String: [String]] = [
        "UIView": [
            "mask",
            "preservesSuperviewLayoutMargins",
            "tintAdjustmentMode", "contentMode", "contentScaleFactor", "setNeedsDisplay",
            "sizeToFit", "sizeThatFits", "systemLayoutSizeFitting",
            "viewWithTag", "exchangeSubview",
            "accessibilityIdentifier", "addInteraction",
            "overrideUserInterfaceStyle", "semanticContentAttribute", "isMultipleTouchEnabled", "isExclusiveTouch",
            "gestureRecognizers", "motionEffects", "addMotionEffect", "frameForAlignmentRect", "firstBaselineAnchor", "lastBaselineAnchor",
        ],
        "CALayer": [
            "contentsScale", "contentsRect", "contentsCenter", "replaceSublayer",
            "cornerCurve",
            "allowsEdgeAntialiasing", "allowsGroupOpacity", "setNeedsDisplay",
            "display", "render", "convert", "needsDisplayOnBoundsChange", "speed", "timeOffset", "beginTime",
            "delegate", "isGeometryFlipped", "minificationFilter", "magnificationFilter", "compositingFilter", "filters",
            "backgroundFilters", "edgeAntialiasingMask", "hitTest", "layoutSublayers", "setNeedsLayout",
        ],
        "UIViewController": [
            "willMove", "didMove", "show", "showDetailViewController", "performSegue",
            "splitViewController", "overrideUserInterfaceStyle",
            "viewIfLoaded", "restorationIdentifier", "setOverrideTraitCollection",
            "presentedViewControllerDidChange", "edgesForExtendedLayout", "extendedLayoutIncludesOpaqueBars",
            "tabBarItem", "toolbarItems", "isEditing", "setEditing",
            "topLayoutGuide", "bottomLayoutGuide",
        ],
        "UIPresentationController": [
            "overrideTraitCollection", "preferredContentSize", "systemLayoutFittingSizeDidChange",
            "adaptivePresentationStyleForTraitCollection", "presentedViewControllerForCompactSizeClass",
        ],
        "UINavigationController": [
            "visibleViewController", "toolbar",
            "isToolbarHidden", "setToolbarHidden", "hidesBarsOnSwipe",
            "hidesBarsOnTap", "hidesBarsWhenKeyboardAppears", "barHideOnSwipeGestureRecognizer",
        ],
        "UIGestureRecognizer": [
            "delaysTouchesBegan", "delaysTouchesEnded", "requiresExclusiveTouchType", "allowedTouchTypes",
            "allowedPressTypes", "name", "modifierFlags", "buttonMask", "ignore", "reset",
        ],
        "UITapGestureRecognizer": ["buttonMaskRequired"],
        "UILongPressGestureRecognizer": ["numberOfTapsRequired"],
        "UIScrollView": [
            "zoom", "isPagingEnabled", "decelerationRate",
            "scrollIndicatorInsets", "verticalScrollIndicatorInsets", "horizontalScrollIndicatorInsets",
            "scrollRectToVisible", "flashScrollIndicators", "keyboardDismissMode", "refreshControl",
            "isDirectionalLockEnabled", "scrollsToTop", "contentLayoutGuide", "frameLayoutGuide", "indicatorStyle",
        ],
        "UITabBarController": [
            "setViewControllers", "customizableViewControllers", "moreNavigationController", "tabBarItem",
        ],
        "UIViewPropertyAnimator": [
            "timingParameters", "delay", "isManualHitTestingEnabled", "isUserInteractionEnabled",
        ],
    ]

    /// Class methods and properties (`UIView.setAnimationsEnabled(false)`): reading one from the
    /// class table says so by name, as instance members do.
    static let unavailableStatics: [String: [String]] = [
        "UIView": [
            "setAnimationsEnabled", "areAnimationsEnabled", "beginAnimations", "commitAnimations",
            "setAnimationDuration", "setAnimationDelay", "setAnimationCurve", "setAnimationDelegate",
            "setAnimationRepeatCount", "setAnimationRepeatAutoreverses", "setAnimationBeginsFromCurrentState",
            "setAnimationTransition", "setAnimationWillStart", "setAnimationDidStop", "modifyAnimations",
            "perform", "inheritedAnimationDuration", "userInterfaceLayoutDirection", "appearance",
        ],
        "UIViewController": ["attemptRotationToDeviceOrientation"],
    ]

    /// UIKit, Core Animation and Foundation classes transition code uses that Transit has not:
    /// reading the global says so (`CABasicAnimation is not available in Transit`) instead of
    /// "attempt to index a nil value (global 'CABasicAnimation')".
    static let unavailableClasses: [String] = [
        "CATransition", "CAReplicatorLayer", "CAEmitterLayer", "UIVibrancyEffect",
        "UITabBar", "UIToolbar",
        "UIStackView", "UIFont",
        "UIRotationGestureRecognizer",
    ]
}
