variable "v" {}
resource "terraform_data" "x" { input = var.v }
output "out" { value = terraform_data.x.output }
