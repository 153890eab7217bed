local dimmer = {}

function dimmer.make(name, options)
  local alpha = options.alpha or 0.5
  local Made = UIPresentationController:subclass(name)

  function Made:presentationTransitionWillBegin()
    self.containerView.alpha = alpha
  end

  return Made
end

return dimmer
