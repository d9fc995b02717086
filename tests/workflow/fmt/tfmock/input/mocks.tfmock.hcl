mock_resource "terraform_data" {
defaults={
id="x"
}
}
