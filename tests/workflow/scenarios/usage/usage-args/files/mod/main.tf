resource "terraform_data" "x" {}
output "id" { value = terraform_data.x.id }
