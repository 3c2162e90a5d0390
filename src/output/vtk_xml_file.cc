#include "output/vtk_xml_file.h"

#include <vtkDataObject.h>
#include <vtkXMLWriter.h>

#include <cstdio>
#include <stdexcept>

namespace hamdyn {

void write_vtk_xml_atomically(vtkXMLWriter& writer, vtkDataObject* data, const std::string& path) {
  const std::string tmp = path + ".tmp";
  writer.SetFileName(tmp.c_str());
  writer.SetInputDataObject(data);
  writer.SetDataModeToAppended();
  writer.EncodeAppendedDataOff();
  if (writer.Write() != 1 || std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    throw std::runtime_error("cannot write " + path);
  }
}

} // namespace hamdyn
