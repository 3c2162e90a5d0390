// A 1 m string meshed with 120 elements whose size shrinks geometrically towards x = 1 m, where
// the default case's end mass and spring sit and the internal force varies fastest.
// Regenerate with: gmsh -1 -format msh22 string_graded.geo -o string_graded.msh
L = 1.0;
Point(1) = {0, 0, 0};
Point(2) = {L, 0, 0};
Line(1) = {1, 2};
Transfinite Curve{1} = 121 Using Progression 0.98;
Physical Point("left", 1) = {1};
Physical Point("right", 2) = {2};
Physical Curve("string", 10) = {1};
