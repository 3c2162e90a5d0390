// The portal frame of cases/portal_frame.prm as a Gmsh line mesh: columns A-B and D-C 4 m high,
// beam B-C 6 m long, in Gmsh's x-y plane (hamdyn's x-z), meshed by 2, 3 and 2 line elements.
// Regenerate with: gmsh -1 -format msh41 portal_frame.geo -o portal_frame.msh
Point(1) = {0, 0, 0};
Point(2) = {0, 4, 0};
Point(3) = {6, 4, 0};
Point(4) = {6, 0, 0};
Line(1) = {1, 2};
Line(2) = {2, 3};
Line(3) = {3, 4};
Transfinite Curve{1, 3} = 3;
Transfinite Curve{2} = 4;
Physical Point("A") = {1};
Physical Point("B") = {2};
Physical Point("C") = {3};
Physical Point("D") = {4};
Physical Curve("left") = {1};
Physical Curve("top") = {2};
Physical Curve("right") = {3};
