"""Case files the command-line tests share: the straight models that the planar beams and frames
reduce to in the small, written where a test wants them."""
import os

# A 10 m Timoshenko cantilever (EI = 100 N m^2, kGA = 1e4 N, rho A = 2 kg/m, rho I = 0.05 kg m) of
# 10 quadratic elements: roll_up.prm's beam with planar_modes' keys (test_planar_beam.py), and the
# one-column frame of test_planar_frame.py.
TIMOSHENKO_CANTILEVER = """subsection Model
  set Type = timoshenko beam
  set Length = 10
  set Mass per length = 2
  set Bending stiffness = 100
  set Shear stiffness = 1e4
  set Rotary inertia per length = 0.05
end
subsection Left end
  set Support = clamped
end
subsection Right end
  set Support = free
end
subsection Discretization
  set Elements = 10
  set Degree = 2
end
"""


def write_case(directory, name, text):
    """DIR/NAME holding `text`; its path."""
    path = os.path.join(directory, name)
    with open(path, "w") as f:
        f.write(text)
    return path
